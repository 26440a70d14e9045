"""numpy-ml: gradient-boosted regression trees (squared error) on a smooth target."""

import numpy as np
from _common import report, size, start
from numpy_ml.trees import GradientBoostedDecisionTree

rng = np.random.default_rng(0)
n = size(200, 30)
X = rng.uniform(-2, 2, size=(n, 3))
y = np.sin(X[:, 0]) + 0.5 * X[:, 1] ** 2 - X[:, 2] + 0.1 * rng.normal(size=n)

began = start()
model = GradientBoostedDecisionTree(
    n_iter=size(8, 2), max_depth=3, classifier=False, learning_rate=0.5, loss="mse"
)
model.fit(X, y)
report(began, np, rtol=1e-6, predictions=model.predict(X[:100]))
