"""mlfromscratch: a Gaussian mixture model by expectation maximization."""

import numpy as np
from _common import mlfromscratch, report, size, start

mlfromscratch()
from mlfromscratch.unsupervised_learning.gaussian_mixture_model import (  # noqa: E402
    GaussianMixtureModel,
)

np.random.seed(0)  # the library picks its initial means from the global generator
rng = np.random.default_rng(0)
n = size(300, 30)
means = np.array([[0.0, 0.0], [5.0, 5.0], [-5.0, 4.0]])
X = means[rng.integers(0, 3, n)] + rng.normal(size=(n, 2))

began = start()
model = GaussianMixtureModel(k=3, max_iterations=size(30, 2), tolerance=1e-12)
labels = model.predict(X)
report(began, np, rtol=1e-6, labels=labels, responsibility=model.responsibility)
