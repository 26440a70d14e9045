"""core.compile: the same results as the eager function on every backend; jax traces once,
tensorflow builds a graph, untraceable Python falls back to eager when asked."""

from __future__ import annotations

import numpy
import pytest

import core
from core import autodiff
from core import native as ops


def _host(value):
    return core.Array(value).to_numpy()


def _loss_and_grad(w, x):
    def loss(w):
        return ops.sum(ops.tanh(ops.matmul(x, w)) ** 2)

    return autodiff.value_and_grad(loss)(w)


def test_compiled_forward_and_backward_equal_eager(backend):
    rng = numpy.random.default_rng(0)
    w = ops.asarray(rng.standard_normal((3, 2)))
    x = ops.asarray(rng.standard_normal((4, 3)))
    compiled = core.compile(_loss_and_grad)
    (value, grad), (eager_value, eager_grad) = compiled(w, x), _loss_and_grad(w, x)
    numpy.testing.assert_allclose(_host(value), _host(eager_value), rtol=1e-12)
    numpy.testing.assert_allclose(_host(grad), _host(eager_grad), rtol=1e-12)
    assert type(grad) is type(eager_grad)


def test_static_arguments_are_python_values(backend):
    calls = []

    def scale(x, factor):
        calls.append(factor)
        return ops.multiply(x, factor)

    compiled = core.compile(scale, static_argnums=1)
    x = ops.asarray([1.0, 2.0])
    for factor in (2, 3, 2):
        assert _host(compiled(x, factor)).tolist() == [factor, 2.0 * factor]
    # jax and tensorflow trace once per static value; the others run eagerly every time
    assert calls == ([2, 3] if backend in ("jax", "tensorflow") else [2, 3, 2])


def _python_branch(x):
    return ops.negative(x) if bool(ops.all(ops.greater(x, 0))) else x


def test_untraceable_python_falls_back_to_eager_when_asked():
    with core.use_backend("jax"):
        import jax

        x = ops.asarray([1.0, 2.0])
        with pytest.raises(jax.errors.TracerBoolConversionError):
            core.compile(_python_branch)(x)
        compiled = core.compile(_python_branch, fallback=True)
        assert _host(compiled(x)).tolist() == [-1.0, -2.0]
        assert _host(compiled(x)).tolist() == [-1.0, -2.0]
    with core.use_backend("tensorflow"):
        compiled = core.compile(_python_branch)
        assert _host(compiled(ops.asarray([1.0, 2.0]))).tolist() == [-1.0, -2.0]


def test_linear_layer_weight_gradient_is_one_product_on_jax():
    """A stack of rows times one matrix: the matrix's cotangent is one product over all
    rows (no per-stack-entry product summed afterwards, which XLA:CPU ran 10x slower),
    equal to the sum of the per-entry products."""
    rng = numpy.random.default_rng(1)
    with core.use_backend("jax"):
        x = ops.asarray(rng.standard_normal((2, 3, 4)).astype("float32"))
        w = ops.asarray(rng.standard_normal((5, 4)).astype("float32"))

        def grad(w, x):
            return autodiff.grad(lambda w: ops.sum(ops.square(ops.nn.linear(x, w))))(w)

        compiled = core.compile(grad)
        hlo = compiled._build("jax").lower(w, x).as_text()
        value = _host(compiled(w, x))
    dots = [line for line in hlo.splitlines() if "dot_general" in line]
    assert dots and not any("batching_dims" in line for line in dots), dots
    xs, ws = _host(x).astype("float64"), _host(w).astype("float64")
    y = xs @ ws.T
    expected = sum((2 * y[i]).T @ xs[i] for i in range(2))
    numpy.testing.assert_allclose(value, expected, rtol=1e-5)


def test_take_with_traced_indices(backend):
    """Indices known only inside the trace (computed in the compiled function): negative
    ones count from the end, as in eager mode."""

    def pick(x, i):
        return ops.take(x, ops.subtract(i, 3), axis=0)

    x = ops.asarray([10.0, 20.0, 30.0, 40.0])
    i = ops.asarray([0, 4, 6])
    assert (
        _host(core.compile(pick)(x, i)).tolist() == [20.0, 20.0, 40.0] == _host(pick(x, i)).tolist()
    )


@pytest.mark.parametrize(
    "key",
    [
        lambda i, j: (i, slice(1, 3), j),  # advanced indices apart: their dimensions first
        lambda i, j: (None, slice(None), i, j),
        lambda i, j: (Ellipsis, i[:, :1]),
        lambda i, j: (numpy.array([True, False, True]), slice(None, None, -1), j[:2]),
    ],
)
def test_fancy_indexing_with_traced_indices(backend, key):
    """Integer index arrays computed inside the compiled function: numpy's placement of
    advanced dimensions, negative indices from the end, and the last of repeated writes,
    as eager and numpy."""
    x = numpy.arange(60.0).reshape(3, 4, 5)

    def pick(x, i, j):
        return ops.get_item(x, key(ops.subtract(i, 1), ops.subtract(j, 2)))

    def write(x, i, j):
        i, j = ops.subtract(i, 1), ops.subtract(j, 2)
        target = ops.get_item(x, key(i, j))
        values = ops.reshape(ops.arange(float(numpy.prod(target.shape))), target.shape)
        return ops.set_item(x, key(i, j), values)

    i, j = numpy.array([[0, 3], [0, 1]]), numpy.array([6, 6])  # repeated positions
    expected = x[key(i - 1, j - 2)]
    written = x.copy()
    written[key(i - 1, j - 2)] = numpy.arange(float(expected.size)).reshape(expected.shape)
    args = ops.asarray(x), ops.asarray(i), ops.asarray(j)
    for run in (write, core.compile(write)):
        assert _host(run(*args)).tolist() == written.tolist()
    got = core.compile(pick)(*args)
    assert _host(got).shape == expected.shape and _host(got).tolist() == expected.tolist()


@pytest.mark.parametrize("reduce", [None, "add", "amax"])
def test_scatter_with_traced_index(backend, reduce):
    """torch-style scatter with an index computed inside the compiled function: repeated
    positions (the last write wins, or combine), negative ones from the end, as eager."""

    def put(x, index, src):
        return ops.scatter(x, 1, ops.subtract(index, 2), src, reduce=reduce)

    x = ops.asarray(numpy.arange(12.0).reshape(3, 4))
    index = ops.asarray(numpy.array([[2, 3, 2], [5, 1, 1]]))
    src = ops.asarray(numpy.arange(100.0, 106.0).reshape(2, 3))
    eager = _host(put(x, index, src)).tolist()
    assert _host(core.compile(put)(x, index, src)).tolist() == eager
    expected = numpy.arange(12.0).reshape(3, 4)
    for (i, j), k in numpy.ndenumerate(numpy.array([[2, 3, 2], [5, 1, 1]]) - 2):
        v = 100.0 + 3 * i + j
        old = expected[i, k]
        expected[i, k] = {None: v, "add": old + v, "amax": max(old, v)}[reduce]
    assert eager == expected.tolist()


def test_host_check_raises_its_error_inside_a_compiled_function(backend):
    """A check of values known only at run time raises the check's own exception from the
    compiled call (jax: a host callback where XLA would clamp; tensorflow: a
    numpy_function), and passes through when the values are fine."""

    def error_of(values):
        return IndexError(f"index {int(values.max())} out of range") if values.max() > 2 else None

    def take(x, i):
        core.compilation.host_check(error_of, i)
        return ops.take(x, i)

    compiled = core.compile(take)
    x = ops.asarray(numpy.arange(3.0))
    numpy.testing.assert_array_equal(_host(compiled(x, ops.asarray([0, 2]))), [0.0, 2.0])
    with pytest.raises(IndexError, match="index 5 out of range"):
        compiled(x, ops.asarray([1, 5]))


def test_a_program_traced_outside_core_compile_holds_no_host_check():
    """The user's own jax.jit (or an export) traces a pure program: no callback, so
    jax.export serializes it; the backend's semantics hold there (JAX clamps)."""
    import jax

    def take(x, i):
        core.compilation.host_check(lambda values: IndexError("never raised here"), i)
        return ops.take(x, i)

    x, i = numpy.arange(3.0, dtype=numpy.float32), numpy.array([0, 2])
    with core.backend.use_backend("jax"):
        exported = jax.export.export(jax.jit(take))(x, i)
    assert "callback" not in exported.mlir_module()
    assert jax.export.deserialize(exported.serialize()).call(x, i).tolist() == [0.0, 2.0]
