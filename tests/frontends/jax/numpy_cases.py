"""Expressions evaluated by real JAX (x64 off) and by the frontend on the same inputs."""

SETUP = """
x = jnp.arange(6.0).reshape(2, 3) - 2.5
i = jnp.arange(6).reshape(2, 3)
b = (i % 2) == 0
v = jnp.array([3.0, 1.0, 2.0, 1.0, -4.0])
w = jnp.array([0.5, 2.0, 1.0, 3.0, 1.0])
u8 = jnp.array([1, 2, 250], dtype=jnp.uint8)
i8 = jnp.array([1, -2, 100], dtype=jnp.int8)
h = jnp.array([0.5, -1.5, 2.5], dtype=jnp.float16)
bf = jnp.array([0.5, -1.5, 2.5], dtype=jnp.bfloat16)
c = jnp.array([1 + 2j, -3j, 2.0])
sq = jnp.array([[4.0, 1.0], [1.0, 3.0]])
nan = jnp.array([1.0, jnp.nan, 3.0])
iv = jnp.array([4, 1, 4, 2, 1])
s = jnp.array(2.0)
wk = jnp.array(3.0) * 2
n = np.array([1.0, 2.0, 3.0])
"""

UNARY = "abs absolute negative positive sign square sqrt cbrt exp exp2 expm1 log log1p log2 log10 sin cos tan arcsin arccos arctan sinh cosh tanh arcsinh arctanh floor ceil trunc rint fabs reciprocal deg2rad rad2deg radians degrees isnan isinf isfinite signbit spacing conjugate conj logical_not sinc i0 real imag angle".split()
BINARY = "add subtract multiply divide true_divide floor_divide remainder mod fmod power pow float_power maximum minimum fmax fmin arctan2 atan2 hypot copysign nextafter heaviside logaddexp logaddexp2 equal not_equal less less_equal greater greater_equal logical_and logical_or logical_xor".split()
INTEGER = "bitwise_and bitwise_or bitwise_xor left_shift right_shift gcd lcm".split()

ELEMENTWISE = (
    [f"jnp.{f}(x)" for f in UNARY]
    + [f"jnp.{f}(i)" for f in UNARY if f not in ("spacing",)]
    + [f"jnp.{f}(h)" for f in ("sin", "exp", "abs", "sqrt", "floor", "square")]
    + [f"jnp.{f}(bf)" for f in ("sin", "exp", "abs", "negative")]
    + [f"jnp.{f}(c)" for f in ("abs", "exp", "sqrt", "conj", "real", "imag", "angle", "negative", "square", "sign")]
    + [f"jnp.{f}(x, 1.5)" for f in BINARY]
    + [f"jnp.{f}(i, 2)" for f in BINARY]
    + [f"jnp.{f}(u8, i8)" for f in ("add", "multiply", "maximum", "subtract", "less")]
    + [f"jnp.{f}(i, 3)" for f in INTEGER]
    + [f"jnp.{f}(u8, 2)" for f in INTEGER]
    + [f"jnp.{f}(x, 1)" for f in INTEGER]
    + ["jnp.bitwise_not(i)", "jnp.invert(b)", "jnp.bitwise_count(i)", "jnp.bitwise_invert(u8)",
       "jnp.sin(2.0)", "jnp.add(1, 2)", "jnp.add(1, 2.0)", "jnp.multiply(wk, 2)", "jnp.exp(wk)",
       "jnp.add(s, wk)", "jnp.add(h, 1.0)", "jnp.add(h, s)", "jnp.add(i8, 1000)",
       "jnp.divmod(i, 4)", "jnp.divmod(x, 2.0)", "jnp.modf(x)", "jnp.frexp(x)", "jnp.ldexp(x, 2)",
       "jnp.ldexp(x, i)", "jnp.add(n, 1)", "jnp.sin(n)", "jnp.add(x, n[:3])", "jnp.add([1, 2], 1)",
       "jnp.sin([1.0])", "jnp.matmul(x, x.T)", "jnp.matmul(i, i.T)", "jnp.vecdot(x, x)",
       "jnp.matvec(sq, v[:2])", "jnp.vecmat(v[:2], sq)", "jnp.logical_and(i, x)",
       "jnp.isnan(nan)", "jnp.maximum(nan, 2.0)", "jnp.fmax(nan, 2.0)", "jnp.equal(i, x)",
       "jnp.add.reduce(x)", "jnp.add.reduce(i, axis=1)", "jnp.multiply.reduce(v)",
       "jnp.maximum.reduce(x, axis=None)", "jnp.add.accumulate(v)", "jnp.add.outer(v[:2], v[:3])",
       "jnp.add.at(v, jnp.array([0, 0, 2]), 1.0, inplace=False)", "jnp.bitwise_or.reduce(i8)",
       "jnp.logical_or.reduce(b, axis=0)", "jnp.add.identity", "jnp.add.nin", "jnp.negative.nin",
       "jnp.logaddexp.reduce(v)", "jnp.minimum.accumulate(v)",
       "jnp.add(b, b)", "jnp.power(i, 2)", "jnp.power(x, 2)", "jnp.square(b)"]
)  # fmt: skip

REDUCTIONS = [
    f"jnp.{f}({a}{k})"
    for f in ("sum", "prod", "max", "min", "mean", "var", "std", "all", "any", "argmax", "argmin",
              "cumsum", "cumprod", "ptp", "median", "nansum", "nanmean", "nanmax", "nanmin",
              "nanvar", "nanstd", "nanprod", "nancumsum", "nanargmax", "nanargmin", "nanmedian",
              "count_nonzero", "amax", "amin")
    for a in ("x", "i")
    for k in ("", ", axis=0", ", axis=1, keepdims=True")
] + [
    "jnp.sum(b)", "jnp.sum(u8)", "jnp.sum(i8)", "jnp.sum(h)", "jnp.mean(h)", "jnp.sum(wk)",
    "jnp.mean(wk)", "jnp.max(nan)", "jnp.min(nan)", "jnp.nanmax(nan)", "jnp.argmax(nan)",
    "jnp.sum(x, dtype=jnp.int32)", "jnp.sum(i, dtype=jnp.float32)", "jnp.cumsum(b)",
    "jnp.cumsum(i8)", "jnp.prod(u8)", "jnp.mean(b)", "jnp.var(i, ddof=1)",
    "jnp.sum(x, where=x > 0)", "jnp.sum(x, initial=10.0)", "jnp.max(x, initial=100.0)",
    "jnp.percentile(v, 30.0)", "jnp.quantile(v, jnp.array([0.1, 0.9]))",
    "jnp.nanpercentile(nan, 50.0)", "jnp.nanquantile(nan, 0.5)", "jnp.average(v)",
    "jnp.average(v, weights=w)", "jnp.average(i, axis=1)", "jnp.cumulative_sum(v)",
    "jnp.cumulative_prod(i, axis=1)", "jnp.cumulative_sum(v, include_initial=True)",
    "jnp.sum([1, 2])", "jnp.mean((1.0, 2.0))", "jnp.max([1])", "jnp.sum(3)", "jnp.sum(3.0)",
    "jnp.sum(x, axis=5)", "jnp.round(x)", "jnp.round(x, 1)", "jnp.round(i)", "jnp.around(v)",
    "jnp.trace(x)", "jnp.trace(i)", "jnp.diff(v)", "jnp.diff(i, axis=0)", "jnp.ediff1d(v)",
    "jnp.corrcoef(x)", "jnp.cov(x)", "jnp.cov(i)", "jnp.histogram(v, bins=3)",
    "jnp.histogram_bin_edges(v, bins=4)", "jnp.bincount(iv)", "jnp.bincount(iv, weights=v)",
    "jnp.bincount(iv, length=3)", "jnp.digitize(v, jnp.array([0.0, 1.5, 2.5]))",
    "jnp.interp(jnp.array([0.5, 1.5]), jnp.array([0.0, 1.0, 2.0]), jnp.array([1.0, 3.0, 2.0]))",
    "jnp.gradient(v)", "jnp.trapezoid(v)", "jnp.unwrap(v)",
]  # fmt: skip

MANIPULATION = [
    "jnp.reshape(x, (3, 2))", "jnp.reshape(wk, (1,))", "jnp.ravel(x)", "jnp.transpose(x)",
    "jnp.transpose(x, (1, 0))", "jnp.swapaxes(x, 0, 1)", "jnp.moveaxis(x, 0, 1)",
    "jnp.expand_dims(x, 0)", "jnp.squeeze(x[None])", "jnp.flip(x)", "jnp.fliplr(x)",
    "jnp.flipud(x)", "jnp.roll(v, 2)", "jnp.rot90(x)", "jnp.tile(v[:2], 2)",
    "jnp.repeat(v[:2], 2)", "jnp.repeat(i, 2, axis=1)", "jnp.repeat(v[:3], 2, total_repeat_length=4)",
    "jnp.broadcast_to(v[:3], (2, 3))", "jnp.broadcast_arrays(x, v[:3])", "jnp.concatenate([x, i])",
    "jnp.concatenate([x, x], axis=1)", "jnp.concat([i, i])", "jnp.stack([v, w])",
    "jnp.vstack([x, i])", "jnp.hstack([x, x])", "jnp.dstack([x, x])", "jnp.column_stack([v, w])",
    "jnp.append(v, 1)", "jnp.insert(v, 1, 7.0)", "jnp.delete(v, 1)", "jnp.split(v, 5)",
    "jnp.array_split(v, 2)", "jnp.hsplit(x, 3)", "jnp.vsplit(x, 2)", "jnp.unstack(x)",
    "jnp.atleast_1d(s)", "jnp.atleast_2d(v)", "jnp.atleast_3d(x)", "jnp.diag(v)",
    "jnp.diag(x)", "jnp.diagonal(x)", "jnp.diagflat(v[:2])", "jnp.tril(x)", "jnp.triu(x)",
    "jnp.pad(v, 2)", "jnp.pad(x, ((1, 0), (0, 2)), mode='edge')", "jnp.resize(v, (2, 4))",
    "jnp.trim_zeros(jnp.array([0.0, 1.0, 0.0]))", "jnp.where(x > 0, x, 0)",
    "jnp.where(b, i, 1.5)", "jnp.where(b)", "jnp.where(b, size=5)", "jnp.nonzero(i)",
    "jnp.nonzero(i, size=7, fill_value=-1)", "jnp.argwhere(b)", "jnp.flatnonzero(i, size=2)",
    "jnp.clip(x, -1, 1)", "jnp.clip(i, 1.5)", "jnp.clip(x, max=0)", "jnp.sort(v)",
    "jnp.sort(x, axis=0)", "jnp.sort(v, descending=True)", "jnp.argsort(v)",
    "jnp.argsort(v, descending=True)", "jnp.argsort(x, axis=None)", "jnp.lexsort((v, w))",
    "jnp.partition(v, 2)[2]", "jnp.searchsorted(jnp.sort(v), 1.5)",
    "jnp.searchsorted(jnp.sort(v), w, side='right')", "jnp.unique(iv)",
    "jnp.unique(iv, return_counts=True)", "jnp.unique(iv, return_index=True, return_inverse=True)",
    "jnp.unique(iv, size=5)", "jnp.unique_values(iv)", "jnp.unique_counts(iv)",
    "jnp.unique_inverse(iv)", "jnp.unique_all(iv)", "jnp.intersect1d(iv, i)", "jnp.union1d(iv, i)",
    "jnp.setdiff1d(iv, i)", "jnp.setxor1d(iv, i)", "jnp.isin(iv, i)", "jnp.take(v, jnp.array([0, 7]))",
    "jnp.take(i, jnp.array([0, 7]))", "jnp.take(x, jnp.array([1]), axis=1)",
    "jnp.take(v, jnp.array([1, 9]), mode='clip')", "jnp.take(v, jnp.array([1, 9]), mode='wrap')",
    "jnp.take_along_axis(x, jnp.argsort(x, axis=1), axis=1)", "jnp.compress(jnp.array([True, False]), x, axis=0)",
    "jnp.extract(b, i)", "jnp.choose(jnp.array([0, 1, 0]), [i[0], i[1]])",
    "jnp.select([x > 0, x < -1], [x, -x], 7.0)", "jnp.piecewise(v, [v > 1, v < 0], [jnp.sin, 5.0, jnp.cos])", "jnp.piecewise(v, [v > 1], [lambda t: t * 2, 0.0])",
    "jnp.fill_diagonal(sq, 9.0, inplace=False)", "jnp.fill_diagonal(sq, 9.0)",
    "jnp.put(v, jnp.array([0, 1]), 5.0, inplace=False)", "jnp.place(v, v > 1, 0.0, inplace=False)",
    "jnp.put_along_axis(x, jnp.array([[0], [1]]), 9.0, axis=1, inplace=False)",
    "jnp.copy(x)", "jnp.astype(i, jnp.float32)", "jnp.astype(x, jnp.float64)",
    "jnp.packbits(b)", "jnp.unpackbits(u8)", "jnp.apply_along_axis(jnp.sum, 1, x)",
    "jnp.ravel_multi_index((jnp.array([0, 1]), jnp.array([2, 0])), (2, 3))",
    "jnp.unravel_index(jnp.array([1, 5]), (2, 3))", "jnp.diag_indices_from(sq)",
    "jnp.tril_indices_from(sq)", "jnp.nan_to_num(nan)", "jnp.isreal(c)", "jnp.iscomplex(c)",
    "jnp.isneginf(-v / 0)", "jnp.isposinf(v / 0)", "jnp.roots(jnp.array([1.0, -3.0, 2.0]))",
    "jnp.poly(jnp.array([1.0, 2.0]))", "jnp.polyval(jnp.array([1.0, 2.0]), 3.0)",
    "jnp.polyadd(v, w)", "jnp.polysub(v, w)", "jnp.polymul(v[:2], w[:2])", "jnp.polyder(v)",
    "jnp.polyint(v)", "jnp.polydiv(v, w[:2])",
    "jnp.polyfit(jnp.array([0.0, 1.0, 2.0]), jnp.array([1.0, 3.0, 5.0]), 1)",
    "jnp.meshgrid(v[:2], w[:3])", "jnp.ix_(iv[:2], iv[:3])",
]  # fmt: skip

PRODUCTS_CREATION = [
    "jnp.dot(x, x.T)", "jnp.dot(i, v[:3])", "jnp.dot(2, x)", "jnp.vdot(v, w)", "jnp.inner(v, w)",
    "jnp.outer(v[:2], w[:3])", "jnp.kron(sq, sq)", "jnp.tensordot(x, x, axes=([1], [1]))",
    "jnp.einsum('ij,kj->ik', x, i)", "jnp.einsum('ii', sq)", "jnp.cross(v[:3], w[:3])",
    "jnp.convolve(v, w[:2])", "jnp.correlate(v, w[:2])", "jnp.matmul(x, v[:3])",
    "jnp.dot(x, x.T, preferred_element_type=jnp.float32)", "jnp.allclose(v, w)",
    "jnp.isclose(v, w)", "jnp.array_equal(v, v)", "jnp.array_equal(i, x)",
    "jnp.array_equiv(v, v[None])", "jnp.eye(3)", "jnp.eye(2, 3, k=1, dtype=jnp.int32)",
    "jnp.identity(2)", "jnp.tri(3)", "jnp.linspace(0, 1, 5)", "jnp.linspace(0, 10, 4, dtype=jnp.int32)",
    "jnp.linspace(0.0, 1.0, 4, endpoint=False)", "jnp.logspace(0, 2, 3)", "jnp.geomspace(1, 8, 4)",
    "jnp.indices((2, 3))", "jnp.diag_indices(3)", "jnp.tril_indices(3)", "jnp.triu_indices(3, 1)",
    "jnp.hanning(4)", "jnp.hamming(4)", "jnp.blackman(4)", "jnp.bartlett(4)", "jnp.kaiser(4, 2.0)",
    "jnp.vander(v[:3])", "jnp.zeros((2, 2))", "jnp.ones(3, jnp.int8)", "jnp.full((2,), 7)",
    "jnp.arange(5)", "jnp.arange(0.0, 1.0, 0.25)", "jnp.empty((2,)).shape",
]  # fmt: skip

LINALG_FFT = [
    "jnp.linalg.inv(sq)", "jnp.linalg.det(sq)", "jnp.linalg.slogdet(sq)", "jnp.linalg.solve(sq, v[:2])",
    "jnp.linalg.cholesky(sq)", "jnp.linalg.eigh(sq)[0]", "jnp.abs(jnp.linalg.eigh(sq)[1])", "jnp.linalg.eigvalsh(sq)",
    "jnp.linalg.svd(sq, compute_uv=False)", "jnp.linalg.svdvals(sq)", "jnp.linalg.norm(x)",
    "jnp.linalg.norm(x, axis=1)", "jnp.linalg.norm(x, ord='fro')", "jnp.linalg.matrix_norm(x)",
    "jnp.linalg.vector_norm(v)", "jnp.linalg.qr(sq)[1].shape", "jnp.linalg.pinv(x)",
    "jnp.linalg.matrix_rank(x)", "jnp.linalg.matrix_power(sq, 3)", "jnp.linalg.cond(sq)",
    "jnp.linalg.lstsq(sq, v[:2])[0]", "jnp.linalg.multi_dot([sq, sq, sq])", "jnp.linalg.trace(sq)",
    "jnp.linalg.diagonal(sq)", "jnp.linalg.outer(v[:2], w[:2])", "jnp.linalg.cross(v[:3], w[:3])",
    "jnp.linalg.matmul(sq, sq)", "jnp.linalg.matrix_transpose(x)", "jnp.linalg.tensordot(sq, sq)",
    "jnp.linalg.vecdot(v, w)", "jnp.linalg.inv(i[:, :2][:2])", "jnp.linalg.det(jnp.eye(3, dtype=jnp.int32))",
    "jnp.linalg.eigvals(sq)", "jnp.linalg.tensorinv(jnp.eye(4).reshape(4, 2, 2), ind=1).shape",
    "jnp.linalg.tensorsolve(jnp.eye(4).reshape(4, 2, 2), jnp.ones(4)).shape",
    "jnp.fft.fft(v)", "jnp.fft.ifft(v)", "jnp.fft.rfft(v)", "jnp.fft.irfft(v)", "jnp.fft.fft(i)",
    "jnp.fft.fft2(x)", "jnp.fft.ifft2(x)", "jnp.fft.rfft2(x)", "jnp.fft.irfft2(x)", "jnp.fft.fftn(x)",
    "jnp.fft.ifftn(x)", "jnp.fft.rfftn(x)", "jnp.fft.irfftn(x)", "jnp.fft.hfft(v)", "jnp.fft.ihfft(v)",
    "jnp.fft.fftfreq(5)", "jnp.fft.rfftfreq(6, 0.5)", "jnp.fft.fftshift(v)", "jnp.fft.ifftshift(v)",
    "jnp.fft.fft(v, n=8, norm='ortho')", "jnp.fft.fft(c)",
]  # fmt: skip

METHODS = [
    "x.sum()", "x.sum(axis=0)", "i.mean()", "x.max()", "x.min(axis=1)", "x.argmax()", "x.argmin(axis=0)",
    "x.prod()", "x.std()", "x.var()", "x.all()", "b.any()", "x.cumsum()", "x.cumprod(axis=1)",
    "x.round()", "x.clip(-1, 1)", "x.flatten()", "x.ravel()", "x.squeeze()", "x.swapaxes(0, 1)",
    "x.transpose()", "x.reshape(-1)", "x.reshape((3, 2))", "x.astype(jnp.int32)", "x.sort()",
    "v.argsort()", "x.diagonal()", "x.trace()", "x.take(jnp.array([0, 1]))", "x.repeat(2)",
    "x.nonzero()", "x.conj()", "c.conjugate()", "c.real", "c.imag", "x.dot(x.T)", "x.ptp()",
    "v.sort().searchsorted(1.5)", "x.mT", "x.T",
    "x.compress(jnp.array([True, False]), axis=0)", "iv.clip(2, 3)",
    "wk.sum()", "wk.reshape(1)", "x.itemsize", "x.nbytes", "x.size", "x.ndim", "x.weak_type",
    "x.view(jnp.int32)", "abs(c)", "divmod(i, 4)", "round(s)", "x[::-1]",
    "x.squeeze(axis=None)", "x.any(axis=0)", "x.cumsum(dtype=jnp.int32)",
    "x.item(0)", "x.tolist()", "x.copy()", "x.real",
    "x.max(keepdims=True)", "x.mean(axis=(0, 1))", "b.sum()", "x.var(ddof=1)",
]  # fmt: skip

GROUPS = {
    "elementwise": ELEMENTWISE,
    "reductions": REDUCTIONS,
    "manipulation": MANIPULATION,
    "products_creation": PRODUCTS_CREATION,
    "linalg_fft": LINALG_FFT,
    "methods": METHODS,
}

SETUP += "wf = jnp.full((3,), 3.0)\n"
WEAK = [
    f"jnp.{f}(wf)" for f in (
        "sort", "max", "sum", "mean", "cumsum", "sinc", "nan_to_num", "abs", "sin", "flip",
        "ravel", "diff", "unique", "argsort", "median", "i0", "floor", "square", "vander",
        "gradient", "round", "trim_zeros", "atleast_2d", "real", "angle",
    )
] + [
    "jnp.concatenate([wf, wf])", "jnp.stack([wf, wf])", "jnp.einsum('i,i', wf, wf)",
    "jnp.polyval(wf, wf)", "jnp.where(True, wf, wf)", "jnp.clip(wf, 1)", "jnp.dot(wf, wf)",
    "jnp.take(wf, jnp.array([0]))", "jnp.linalg.norm(wf)", "jnp.fft.fft(wf)",
    "jnp.percentile(wf, 50.0)", "jnp.isclose(wf, wf)", "jnp.add(wf, 1)", "jnp.add(wf, x[0])",
    "jnp.place(v, v > 1, 0.0)", "jnp.put(v, jnp.array([0]), 1.0)", "jnp.max(wk)",
    "jnp.reshape(wf, (3, 1))", "jnp.broadcast_arrays(wf, x)", "jnp.pad(wf, 1)",
]  # fmt: skip
GROUPS["weak"] = WEAK

MISC = [
    "jnp.acos(x / 3)", "jnp.acosh(x + 4)", "jnp.arccosh(i + 1)", "jnp.asin(x / 3)", "jnp.asinh(x)",
    "jnp.atan(x)", "jnp.atanh(x / 3)", "jnp.bitwise_left_shift(i, 2)",
    "jnp.bitwise_right_shift(i, 1)", "jnp.apply_over_axes(jnp.sum, x, [0, 1])",
    "jnp.sort(jnp.argpartition(v, 2)[:3])", "jnp.array_repr(x)", "jnp.array_str(i)",
    "jnp.asarray(n)", "jnp.block([[sq, sq]])", "jnp.broadcast_shapes((2, 1), (3,))",
    "jnp.c_[v[:2], w[:2]]", "jnp.can_cast(jnp.int8, jnp.int32)", "jnp.dsplit(x[None], 3)",
    "jnp.einsum_path('ij,jk', sq, sq)[0]", "jnp.empty_like(x).shape",
    "jnp.fromfunction(lambda a, b: a + b, (2, 3))",
    "jnp.frombuffer(b'\\x01\\x02', dtype=jnp.uint8)", "jnp.full_like(x, 2)", "jnp.ones_like(i)",
    "jnp.zeros_like(x, dtype=jnp.int8)", "jnp.histogram2d(v, w, bins=2)", "jnp.histogramdd(x, bins=2)",
    "jnp.iscomplexobj(c)", "jnp.isrealobj(x)", "jnp.isdtype(jnp.float32, 'real floating')",
    "jnp.issubdtype(jnp.float32, jnp.floating)", "jnp.iterable(x)", "jnp.mask_indices(3, jnp.triu)",
    "jnp.matrix_transpose(x)", "jnp.nancumprod(nan)", "jnp.ndim(x)", "jnp.shape(x)", "jnp.size(x)",
    "jnp.ogrid[0:2, 0:3]", "jnp.mgrid[0:1:3j]", "jnp.r_[1:3, 5]", "jnp.permute_dims(x, (1, 0))",
    "jnp.promote_types(jnp.int8, jnp.uint8)", "jnp.result_type(i, 1.0)", "jnp.rollaxis(x, 1)",
    "jnp.sort_complex(c)", "jnp.triu_indices_from(sq)", "float(jnp.finfo(jnp.float32).eps)",
    "int(jnp.iinfo(jnp.int8).max)", "jnp.dtype('float32')", "jnp.float16(1.5)", "jnp.int64(3)",
    "jnp.uint8(3)", "jnp.bool_(1)", "jnp.bfloat16(1.0)", "jnp.complex64(1j)", "jnp.pi", "jnp.e",
    "jnp.inf", "jnp.euler_gamma", "jnp.newaxis is None", "jnp.s_[1:2]", "jnp.index_exp[1]",
    "jnp.frompyfunc(lambda a, b: a * b, 2, 1)(v, w)", "jnp.get_printoptions()['precision']",
    "jnp.from_dlpack(np.arange(3.0))", "jnp.vectorize(lambda a: a.sum(), signature='(n)->()')(x)",
    "jnp.array([1, 2], dtype=jnp.int16)", "jnp.array(x)", "jnp.array([x, x])",
    "jnp.array([1.5, 2])", "jnp.array(True)", "jnp.asarray(3)", "jnp.concatenate([[1, 2], [3]])",
    "jnp.reshape([1, 2], (2,))", "jnp.sum(x, axis=(0, 1))", "jnp.float32(2) * 2",
]  # fmt: skip
GROUPS["misc"] = MISC

# the classes JAX's test records found (docs/conformance/jax_records.md), one case or two each
RECORDS = [
    # dtypes: narrow integers kept; integer convolutions and polynomials give floats
    "jnp.vander(i8)", "jnp.vander(u8, 3, increasing=True)", "jnp.diff(u8, prepend=1, append=0)",
    "jnp.cumulative_prod(i8, axis=0)", "jnp.cumulative_prod(b[0])", "jnp.convolve(i[0], i[1])",
    "jnp.correlate(u8, i8, mode='same')", "jnp.polyder(i[0])", "jnp.polymul(u8, i8)",
    "jnp.polymul(jnp.array([0.0, 1.0]), v, trim_leading_zeros=True)", "jnp.poly(sq)",
    "jnp.poly(i[0])", "jnp.logspace(h[0], h[1], 4, base=2.0)", "jnp.logspace(1, 2, 3)",
    "jnp.cov(jnp.ones((3, 0), jnp.float16), rowvar=False)", "jnp.cov(jnp.ones((0, 3), jnp.float16))",
    "jnp.vecdot(x, x, axis=0)", "jnp.insert(b, jnp.array([0, 2]), 7)", "jnp.insert(i8, 1, 700)",
    "jnp.var(i, dtype=jnp.complex64)", "jnp.nanstd(i, axis=0, dtype=jnp.float16)",
    # weak types of Python scalars and weak arrays
    "jnp.angle(1.5)", "jnp.angle(1j)", "jnp.angle(wf)", "jnp.angle(2)", "jnp.iscomplex(1.5)",
    "jnp.isreal(wk)", "jnp.isreal(wf)", "jnp.sinc(1)", "jnp.sinc(True)", "jnp.sinc(wk)",
    "jnp.ones_like(3)", "jnp.zeros_like(2.5)",
    # exception classes
    "jnp.array_split(v, 3, axis=1)", "jnp.split(v, 5, axis=1)", "jnp.packbits(i, axis=2)",
    "jnp.unpackbits(u8, axis=1)", "jnp.mean(s, axis=-1, where=jnp.bool_(True))",
    "jnp.var(v, axis=1, where=v > 0)", "jnp.round(i, -1)", "jnp.round(b)", "jnp.around(x, -1)",
    "jnp.fill_diagonal(sq, 5.0, wrap=True, inplace=False)", "jnp.gradient(x, edge_order=1)",
    "jnp.meshgrid(s, v)", "jnp.take_along_axis(x, i[:, :2], axis=0)",
    "jnp.take_along_axis(x, i[0], axis=0)", "jnp.r_['0,2', v, w[:2]]", "jnp.array([i[0], 1])",
    "jnp.nanvar(x, correction=1)",
    # values: complex nan-reductions, initial and sign; a nan's sign bit in bfloat16
    "jnp.nanmax(jnp.array([[1 + 1j, jnp.nan], [jnp.nan, 2 - 1j], [0.5 + 2j, 3]]), axis=0)",
    "jnp.nanmin(jnp.array([[1 + 1j, jnp.nan], [jnp.nan, 2 - 1j], [0.5 + 2j, 3]]), axis=0)",
    "jnp.max(1 + 2j, initial=0)", "jnp.min(c, initial=1 + 3j)",
    "jnp.sign(jnp.array([jnp.inf + 0j, 1 + 1j, 0j, jnp.inf + 1j]))",
    "jnp.copysign(bf, jnp.array([jnp.nan, -1.0, 1.0], dtype=jnp.bfloat16))",
    "jnp.arctan2(c, v[:3])", "jnp.atan2(1j, 2.0)", "jnp.arctan2(c, c[::-1])",
    # beyond the records, the same classes: 1-D convolutions, std's dtype, gathers' fill
    "jnp.convolve(x, v)", "jnp.std(i, dtype=jnp.int32)", "jnp.take_along_axis(x, i, axis=2)",
    "jnp.take_along_axis(x, i[:1], axis=0)", "jnp.take_along_axis(i, i[:1] - 3, axis=0)",
    "jnp.take_along_axis(x, i[:1], axis=0, mode='clip')", "jnp.vsplit(v, 5)", "jnp.dsplit(x, 3)",
    "jnp.argmax(c)", "jnp.nanargmin(c, axis=0)",
]  # fmt: skip
GROUPS["records"] = RECORDS
