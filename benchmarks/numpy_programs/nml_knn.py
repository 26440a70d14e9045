"""numpy-ml: k-nearest-neighbours classification through its ball tree."""

import numpy as np
from _common import report, size, start
from numpy_ml.nonparametric import KNN

rng = np.random.default_rng(0)
n = size(800, 60)
centers = rng.normal(scale=1.5, size=(3, 4))
y = rng.integers(0, 3, n)
X = centers[y] + rng.normal(size=(n, 4))
X_test = centers[y[: n // 4]] + rng.normal(size=(n // 4, 4))

began = start()
model = KNN(k=5, leaf_size=20, classifier=True)
model.fit(X, y)
report(began, np, predictions=model.predict(X_test))
