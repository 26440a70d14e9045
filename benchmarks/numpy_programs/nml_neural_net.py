"""numpy-ml neural nets: a two-layer classifier from its layers, loss and Adam optimizer,
trained by its own backward passes."""

import numpy as np
from _common import report, size, start
from numpy_ml.neural_nets.layers import FullyConnected, Softmax
from numpy_ml.neural_nets.losses import CrossEntropy

np.random.seed(0)  # the layers' initializers draw from the global generator
rng = np.random.default_rng(0)
n = size(256, 32)
X = rng.normal(size=(n, 8))
y = (X[:, 0] * X[:, 1] + np.sin(X[:, 2]) > 0).astype(int)
Y = np.eye(2)[y]

began = start()
hidden = FullyConnected(32, act_fn="ReLU", optimizer="Adam(lr=0.01)")
out = FullyConnected(2, act_fn="Affine(slope=1, intercept=0)", optimizer="Adam(lr=0.01)")
softmax = Softmax()
loss = CrossEntropy()
losses = []
for _ in range(size(60, 3)):
    probs = softmax.forward(out.forward(hidden.forward(X)))
    losses.append(loss(Y, probs))
    grad = loss.grad(Y, probs)
    hidden.backward(out.backward(softmax.backward(grad)))
    out.update()
    hidden.update()
    softmax.update()
report(began, np, rtol=1e-6, losses=losses, predictions=probs.argmax(axis=1))
