"""An ordinary numpy program on string labels: Gaussian naive Bayes and k-nearest
neighbours classifying animals, with a dated log of the predictions.

Run it on real numpy:              python examples/numpy_labels.py
Run it on JAX, unchanged:          transpile examples/numpy_labels.py --to jax --run
(or --to torch / tensorflow / numpy). Both print the same lines: the label arrays stay
on the host as numpy holds them, the arithmetic runs on the backend.
"""

import io

import numpy as np

rng = np.random.default_rng(0)
species = ["cat", "dog", "horse"]
centres = {"cat": [4.0, 30.0], "dog": [20.0, 55.0], "horse": [450.0, 160.0]}
spread = {"cat": [1.0, 4.0], "dog": [6.0, 10.0], "horse": [60.0, 12.0]}

labels = np.array([species[i] for i in rng.integers(0, 3, size=90)])
features = np.stack(
    [rng.normal(centres[name], spread[name]) for name in labels.tolist()]
)  # weight (kg), height (cm)
print("labels:", labels[:6], labels.dtype, labels.dtype.kind, labels.shape)

# a train/test split by shuffled index
order = rng.permutation(len(labels))
train, test = order[:60], order[60:]
x_train, y_train = features[train], labels[train]
x_test, y_test = features[test], labels[test]

# vocabulary: classes and integer codes
classes, codes = np.unique(y_train, return_inverse=True)
counts = np.bincount(codes)
print("classes:", classes, "counts:", counts, "codes:", codes[:8])

# Gaussian naive Bayes
priors = np.log(counts / counts.sum())
means = np.stack([x_train[y_train == c].mean(axis=0) for c in classes])
variances = np.stack([x_train[y_train == c].var(axis=0) for c in classes]) + 1e-6
log_likelihood = -0.5 * (
    np.log(2 * np.pi * variances)[None] + (x_test[:, None, :] - means[None]) ** 2 / variances[None]
).sum(axis=2)
bayes = classes[np.argmax(log_likelihood + priors, axis=1)]
print("naive Bayes accuracy:", np.mean(bayes == y_test).round(4))


# k nearest neighbours with a majority vote over string labels
def knn(x, k=5):
    scale = x_train.std(axis=0)
    distances = np.sqrt((((x[:, None, :] - x_train[None]) / scale) ** 2).sum(axis=2))
    nearest = np.argsort(distances, axis=1, kind="stable")[:, :k]
    votes = y_train[nearest]
    predicted = []
    for row in votes:
        values, vote_counts = np.unique(row, return_counts=True)
        predicted.append(values[np.argmax(vote_counts)])
    return np.array(predicted)


neighbours = knn(x_test)
print("k-NN accuracy:", np.mean(neighbours == y_test).round(4))
print("agree:", np.sum(neighbours == bayes), "of", len(neighbours))

# a confusion table and the mistakes, by name
for name in classes:
    row = [int(np.sum((y_test == name) & (neighbours == other))) for other in classes]
    print(f"{name:>6s}", row)
wrong = np.where(neighbours != y_test, np.char.add(np.char.upper(y_test), "?"), "ok")
print("mistakes:", wrong[wrong != "ok"].tolist())
print("is cat:", np.isin(neighbours[:8], ["cat"]), np.searchsorted(classes, ["dog", "emu"]))

# a dated log of the first predictions, written and read back as text
days = np.datetime64("2024-03-01") + np.arange(5)
log = np.stack([days.astype(str), neighbours[:5], np.round(x_test[:5, 0], 1).astype(str)], axis=1)
buffer = io.StringIO()
np.savetxt(buffer, log, fmt="%s", delimiter=",")
print(buffer.getvalue().strip())
read_back = np.loadtxt(io.StringIO(buffer.getvalue()), dtype=str, delimiter=",")
print("read back:", read_back.shape, read_back[:, 1], (days[-1] - days[0]).astype(int))
