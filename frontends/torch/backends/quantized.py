"""torch.backends.quantized: the quantized engine setting (recorded only; the frontend has
no quantized kernels)."""

engine: str = "none"
supported_engines: list[str] = ["none"]
