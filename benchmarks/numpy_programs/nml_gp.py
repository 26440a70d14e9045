"""numpy-ml: Gaussian-process regression (RBF kernel) and kernel regression."""

import numpy as np
from _common import report, size, start
from numpy_ml.nonparametric import GPRegression, KernelRegression

rng = np.random.default_rng(0)
n = size(1500, 40)
X = rng.uniform(-3, 3, size=(n, 1))
y = np.sin(X[:, 0]) + 0.1 * rng.normal(size=n)
X_test = np.linspace(-3, 3, 200).reshape(-1, 1)

began = start()
gp = GPRegression(kernel="RBFKernel", alpha=1e-2)
gp.fit(X, y)
mean, interval = gp.predict(X_test)
kernel = KernelRegression(kernel="RBFKernel")
kernel.fit(X, y)
report(
    began,
    np,
    rtol=1e-6,
    mean=mean,
    interval=interval,
    kernel=kernel.predict(X_test),
    mll=gp.marginal_log_likelihood(),
)
