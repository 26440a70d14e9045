"""mlfromscratch: its MultilayerPerceptron (dense layers, softmax, cross-entropy,
minibatch gradient descent with momentum) trained by its own backward pass."""

import numpy as np
from _common import mlfromscratch, report, size, start

mlfromscratch()
from mlfromscratch.supervised_learning.multilayer_perceptron import (  # noqa: E402
    DenseLayer,
    MultilayerPerceptron,
)
from mlfromscratch.utils.activation_functions import Softmax  # noqa: E402
from mlfromscratch.utils.optimizers import GradientDescent_  # noqa: E402

np.random.seed(0)  # the library initializes and shuffles from the global generator
rng = np.random.default_rng(0)
n = size(512, 64)
X = rng.normal(size=(n, 6))
y = (X[:, 0] * X[:, 1] > 0).astype(int) + (X[:, 2] > 1).astype(int)

began = start()
model = MultilayerPerceptron(
    n_iterations=size(100, 2), batch_size=64, optimizer=GradientDescent_(0.005, momentum=0.9)
)
model.add(DenseLayer(n_inputs=6, n_units=32))
model.add(DenseLayer(n_inputs=32, n_units=3, activation_function=Softmax))
model.fit(X, y)
report(began, np, rtol=1e-6, errors=model.errors["training"], predictions=model.predict(X))
