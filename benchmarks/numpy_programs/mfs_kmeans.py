"""mlfromscratch: k-means clustering (per-sample Python loops over centroids)."""

import numpy as np
from _common import mlfromscratch, report, size, start

mlfromscratch()
from mlfromscratch.unsupervised_learning.k_means import KMeans  # noqa: E402

np.random.seed(0)  # the library picks its initial centroids from the global generator
rng = np.random.default_rng(0)
n = size(2000, 40)
means = np.array([[0.0, 0.0], [5.0, 5.0], [-5.0, 4.0], [4.0, -4.0]])
X = means[rng.integers(0, 4, n)] + rng.normal(size=(n, 2))

began = start()
model = KMeans(k=4, max_iterations=size(40, 2))
report(began, np, labels=model.predict(X))
