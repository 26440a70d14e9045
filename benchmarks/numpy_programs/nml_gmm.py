"""numpy-ml: a Gaussian mixture fit by expectation maximization."""

import numpy as np
from _common import report, size, start
from numpy_ml.gmm import GMM

rng = np.random.default_rng(0)
n = size(300, 40)
means = np.array([[0.0, 0.0], [4.0, 4.0], [-4.0, 3.0]])
X = means[rng.integers(0, 3, n)] + rng.normal(size=(n, 2))

began = start()
model = GMM(C=3, seed=1)
model.fit(X, max_iter=size(30, 3), tol=1e-8)
report(began, np, rtol=1e-5, mu=model.mu, pi=model.pi, elbo=model.best_elbo)
