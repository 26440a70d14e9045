"""``tensorflow.python.eager.context``: the eager context. This frontend is always eager
(``tf.function`` compiles through core), so the context has no kernel cache or executor
state to manage."""

from __future__ import annotations

__all__ = ["Context", "context", "executing_eagerly"]


class Context:
    """The process' eager context."""

    def executing_eagerly(self) -> bool:
        return True

    def clear_kernel_cache(self) -> None:
        """No kernels are cached by this frontend (core's backends cache their own)."""

    def async_wait(self) -> None:
        """Operations run synchronously here: nothing to wait for."""


_context = Context()


def context() -> Context:
    return _context


def executing_eagerly() -> bool:
    return True


def async_wait() -> None:
    """Operations run synchronously here: nothing to wait for."""
