"""mlfromscratch: a one-layer perceptron (sigmoid, square loss) and polynomial ridge
regression by gradient descent."""

import numpy as np
from _common import mlfromscratch, report, size, start

mlfromscratch()
from mlfromscratch.supervised_learning.perceptron import Perceptron  # noqa: E402
from mlfromscratch.supervised_learning.regression import (  # noqa: E402
    PolynomialRidgeRegression,
)

np.random.seed(0)  # the library initializes its weights from the global generator
rng = np.random.default_rng(0)
n = size(300, 30)
X = rng.normal(size=(n, 4))
y = (X[:, 0] + X[:, 1] > 0).astype(int)
x = rng.uniform(-1, 1, size=(n, 1))
t = 1 - 2 * x[:, 0] + 3 * x[:, 0] ** 3 + 0.1 * rng.normal(size=n)

began = start()
perceptron = Perceptron(n_iterations=size(5000, 20), learning_rate=0.01)
perceptron.fit(X, y)
ridge = PolynomialRidgeRegression(
    degree=3, reg_factor=0.01, n_iterations=size(5000, 20), learning_rate=0.001
)
ridge.fit(x, t)
report(
    began, np, rtol=1e-6, perceptron=perceptron.W, ridge=ridge.w, predictions=perceptron.predict(X)
)
