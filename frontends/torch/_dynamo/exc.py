"""torch._dynamo.exc: the exception classes code catches around ``torch.compile``."""

from __future__ import annotations

__all__ = ["BackendCompilerFailed", "TorchDynamoException", "TorchRuntimeError", "Unsupported"]


class TorchDynamoException(RuntimeError):
    pass


class Unsupported(TorchDynamoException):
    """Something the tracer cannot compile."""


class TorchRuntimeError(TorchDynamoException):
    pass


class BackendCompilerFailed(TorchDynamoException):
    pass
