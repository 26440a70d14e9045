"""core in one minute: the same code, the same dtypes and values, on two backends.

Run: python examples/core_demo.py
"""

import core

for backend in ("numpy", "torch"):
    with core.use_backend(backend):
        x = core.asarray([1, 2, 3], dtype=core.int8)
        y = core.astype(x, core.float16)
        print(f"{backend:>6}: x={x!r}")
        print(
            f"{'':>6}  float16 copy {y!r} (native type {type(y.data).__module__}.{type(y.data).__name__})"
        )
        print(f"{'':>6}  int8 with uint8 promotes to {core.result_type(x, core.uint8)}")
        print(f"{'':>6}  int8 with the scalar 1000 stays {core.result_type(x, 1000)}")
