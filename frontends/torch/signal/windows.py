"""torch.signal.windows: scipy-style window functions, built from the frontend's ops.

Each takes the length ``M`` and ``sym`` (symmetric for filter design, or periodic for
spectral analysis: the symmetric window of ``M + 1`` points without its last one), a
``dtype`` among float32/float64 (default: torch's default dtype), and ``requires_grad``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

__all__ = [
    "bartlett", "blackman", "cosine", "exponential", "gaussian", "general_cosine",
    "general_hamming", "hamming", "hann", "kaiser", "nuttall",
]  # fmt: skip


def _torch() -> Any:
    import frontends.torch

    return frontends.torch


def _checked(name: str, M: int, dtype: Any, layout: Any) -> Any:
    torch = _torch()
    dtype = torch.get_default_dtype() if dtype is None else dtype
    if M < 0:
        raise ValueError(f"{name} requires non-negative window length, got M={M}")
    if layout is not None and layout != "strided" and str(layout) != "torch.strided":
        raise ValueError(f"{name} is implemented for strided tensors only, got: {layout}")
    if dtype not in (torch.float32, torch.float64):
        raise ValueError(f"{name} expects float32 or float64 dtypes, got: {dtype}")
    return dtype


def _span(M: int, sym: bool) -> int:
    """The denominator length: ``M - 1`` points apart when symmetric, ``M`` when periodic."""
    return M - 1 if sym else M


def _grid(start: float, step: float, M: int, dtype: Any, requires_grad: bool) -> Any:
    """``start + step * [0, 1, ..., M - 1]`` as torch.linspace gives it."""
    return _torch().linspace(
        start, start + (M - 1) * step, M, dtype=dtype, requires_grad=requires_grad
    )


def _trivial(M: int, dtype: Any, requires_grad: bool, ones_at_one: bool = True) -> Any:
    torch = _torch()
    if M == 0:
        return torch.empty((0,), dtype=dtype, requires_grad=requires_grad)
    if M == 1 and ones_at_one:
        return torch.ones((1,), dtype=dtype, requires_grad=requires_grad)
    return None


def exponential(
    M: int,
    *,
    center: float | None = None,
    tau: float = 1.0,
    sym: bool = True,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Any:
    """``exp(-|n - center| / tau)``."""
    dtype = _checked("exponential", M, dtype, layout)
    if tau <= 0:
        raise ValueError(f"Tau must be positive, got: {tau} instead.")
    if sym and center is not None:
        raise ValueError("Center must be None for symmetric windows")
    trivial = _trivial(M, dtype, requires_grad, ones_at_one=False)
    if trivial is not None:
        return trivial
    if center is None:
        center = (M - 1 if sym or M == 1 else M) / 2.0
    k = _grid(-center / tau, 1 / tau, M, dtype, requires_grad)
    return _torch().exp(-k.abs())


def cosine(
    M: int,
    *,
    sym: bool = True,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Any:
    """``sin(pi * (n + 0.5) / M)`` (the sine window)."""
    dtype = _checked("cosine", M, dtype, layout)
    trivial = _trivial(M, dtype, requires_grad, ones_at_one=False)
    if trivial is not None:
        return trivial
    step = math.pi / (M + 1 if not sym and M > 1 else M)
    return _torch().sin(_grid(0.5 * step, step, M, dtype, requires_grad))


def gaussian(
    M: int,
    *,
    std: float = 1.0,
    sym: bool = True,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Any:
    """``exp(-(n - (M - 1) / 2) ** 2 / (2 std ** 2))``."""
    dtype = _checked("gaussian", M, dtype, layout)
    if std <= 0:
        raise ValueError(f"Standard deviation must be positive, got: {std} instead.")
    trivial = _trivial(M, dtype, requires_grad, ones_at_one=False)
    if trivial is not None:
        return trivial
    scale = 1 / (std * math.sqrt(2))
    start = -(M if not sym and M > 1 else M - 1) / 2.0
    k = _grid(start * scale, scale, M, dtype, requires_grad)
    return _torch().exp(-(k**2))


def kaiser(
    M: int,
    *,
    beta: float = 12.0,
    sym: bool = True,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Any:
    """``i0(beta * sqrt(1 - (2 n / (M - 1) - 1) ** 2)) / i0(beta)``."""
    torch = _torch()
    dtype = _checked("kaiser", M, dtype, layout)
    if beta < 0:
        raise ValueError(f"beta must be non-negative, got: {beta} instead.")
    trivial = _trivial(M, dtype, requires_grad)
    if trivial is not None:
        return trivial
    b = torch.tensor(beta, dtype=dtype)
    step = 2.0 * b / _span(M, sym)
    end = torch.minimum(b, -b + (M - 1) * step)
    k = torch.linspace(-b, end, M, dtype=dtype, requires_grad=requires_grad)
    return torch.i0(torch.sqrt(b * b - k**2)) / torch.i0(b)


def general_cosine(
    M: int,
    *,
    a: Iterable[float],
    sym: bool = True,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Any:
    """``sum_i (-1) ** i a[i] cos(2 pi i n / (M - 1))``."""
    torch = _torch()
    dtype = _checked("general_cosine", M, dtype, layout)
    trivial = _trivial(M, dtype, requires_grad)
    if trivial is not None:
        return trivial
    if not isinstance(a, Iterable):
        raise TypeError("Coefficients must be a list/tuple")
    if not a:
        raise ValueError("Coefficients cannot be empty")
    k = _grid(0.0, 2 * math.pi / _span(M, sym), M, dtype, requires_grad)
    signed = torch.tensor([(-1) ** i * w for i, w in enumerate(a)], dtype=dtype)
    orders = torch.arange(signed.shape[0], dtype=dtype)
    return (signed.unsqueeze(-1) * torch.cos(orders.unsqueeze(-1) * k)).sum(0)


def general_hamming(
    M: int,
    *,
    alpha: float = 0.54,
    sym: bool = True,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Any:
    """``alpha - (1 - alpha) cos(2 pi n / (M - 1))``."""
    return general_cosine(
        M, a=[alpha, 1.0 - alpha], sym=sym, dtype=dtype, layout=layout, requires_grad=requires_grad
    )


def hann(M: int, *, sym: bool = True, dtype: Any = None, layout: Any = None,
         device: Any = None, requires_grad: bool = False) -> Any:  # fmt: skip
    """The Hann window: ``general_hamming`` with ``alpha=0.5``."""
    return general_hamming(
        M, alpha=0.5, sym=sym, dtype=dtype, layout=layout, requires_grad=requires_grad
    )


def hamming(M: int, *, sym: bool = True, dtype: Any = None, layout: Any = None,
            device: Any = None, requires_grad: bool = False) -> Any:  # fmt: skip
    """The Hamming window: ``general_hamming`` with ``alpha=0.54``."""
    return general_hamming(M, sym=sym, dtype=dtype, layout=layout, requires_grad=requires_grad)


def nuttall(M: int, *, sym: bool = True, dtype: Any = None, layout: Any = None,
            device: Any = None, requires_grad: bool = False) -> Any:  # fmt: skip
    """Nuttall's minimum 4-term Blackman-Harris window."""
    return general_cosine(
        M,
        a=[0.3635819, 0.4891775, 0.1365995, 0.0106411],
        sym=sym,
        dtype=dtype,
        layout=layout,
        requires_grad=requires_grad,
    )


def blackman(M: int, *, sym: bool = True, dtype: Any = None, layout: Any = None,
             device: Any = None, requires_grad: bool = False) -> Any:  # fmt: skip
    """The Blackman window: ``general_cosine`` with ``a=[0.42, 0.5, 0.08]``."""
    dtype = _checked("blackman", M, dtype, layout)
    return general_cosine(
        M, a=[0.42, 0.5, 0.08], sym=sym, dtype=dtype, layout=layout, requires_grad=requires_grad
    )


def bartlett(
    M: int,
    *,
    sym: bool = True,
    dtype: Any = None,
    layout: Any = None,
    device: Any = None,
    requires_grad: bool = False,
) -> Any:
    """The triangular window ``1 - |2 n / (M - 1) - 1|``."""
    dtype = _checked("bartlett", M, dtype, layout)
    trivial = _trivial(M, dtype, requires_grad)
    if trivial is not None:
        return trivial
    return 1 - _grid(-1.0, 2 / _span(M, sym), M, dtype, requires_grad).abs()


def _periodic_window(name: str, M: int, periodic: bool, dtype: Any, requires_grad: bool,
                     build: Any) -> Any:  # fmt: skip
    """torch.<name>_window: the window of ``M + 1`` points without its last when periodic."""
    torch = _torch()
    dtype = torch.get_default_dtype() if dtype is None else dtype
    if not dtype.is_floating_point:
        raise RuntimeError(f"{name} expects floating point dtypes, got: {dtype}")
    if M < 0:
        raise RuntimeError(f"{name} requires non-negative window_length, got window_length={M}")
    if M <= 1:
        return torch.ones((M,), dtype=dtype, requires_grad=requires_grad)
    window = build(M + 1 if periodic else M, torch.float64)
    if periodic:
        window = window[:-1]
    return window.to(dtype).requires_grad_(requires_grad)


def hann_window(window_length: int, periodic: bool = True, *, dtype: Any = None,
                layout: Any = None, device: Any = None, requires_grad: bool = False, pin_memory: bool = False) -> Any:  # fmt: skip
    """torch.hann_window."""
    return _periodic_window("hann_window", window_length, periodic, dtype, requires_grad,
                            lambda m, d: hann(m, dtype=d))  # fmt: skip


def hamming_window(window_length: int, periodic: bool = True, alpha: float = 0.54,
                   beta: float = 0.46, *, dtype: Any = None, layout: Any = None,
                   device: Any = None, requires_grad: bool = False, pin_memory: bool = False) -> Any:  # fmt: skip
    """torch.hamming_window: ``alpha - beta cos(2 pi n / (N - 1))``."""
    return _periodic_window("hamming_window", window_length, periodic, dtype, requires_grad,
                            lambda m, d: general_cosine(m, a=[alpha, beta], dtype=d))  # fmt: skip


def bartlett_window(window_length: int, periodic: bool = True, *, dtype: Any = None,
                    layout: Any = None, device: Any = None, requires_grad: bool = False, pin_memory: bool = False) -> Any:  # fmt: skip
    """torch.bartlett_window."""
    return _periodic_window("bartlett_window", window_length, periodic, dtype, requires_grad,
                            lambda m, d: bartlett(m, dtype=d))  # fmt: skip


def blackman_window(window_length: int, periodic: bool = True, *, dtype: Any = None,
                    layout: Any = None, device: Any = None, requires_grad: bool = False, pin_memory: bool = False) -> Any:  # fmt: skip
    """torch.blackman_window."""
    return _periodic_window("blackman_window", window_length, periodic, dtype, requires_grad,
                            lambda m, d: blackman(m, dtype=d))  # fmt: skip


def kaiser_window(window_length: int, periodic: bool = True, beta: float = 12.0, *,
                  dtype: Any = None, layout: Any = None, device: Any = None,
                  requires_grad: bool = False, pin_memory: bool = False) -> Any:  # fmt: skip
    """torch.kaiser_window."""
    return _periodic_window("kaiser_window", window_length, periodic, dtype, requires_grad,
                            lambda m, d: kaiser(m, beta=beta, dtype=d))  # fmt: skip
