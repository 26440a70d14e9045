"""torch.backends.mha: the fast-path switch of ``nn.MultiheadAttention`` (recorded only)."""

_STATE = {"fastpath": True}


def get_fastpath_enabled() -> bool:
    return _STATE["fastpath"]


def set_fastpath_enabled(value: bool) -> None:
    _STATE["fastpath"] = bool(value)
