"""An ordinary torch script: a small image classifier trained over a data loader.

Run it on real torch:              python examples/torch_classifier.py
Run it on JAX, unchanged:          transpile examples/torch_classifier.py --to jax --run
(or --to numpy / tensorflow / torch). Both print the same lines: the weights are set from
``torch.sin`` of a range rather than drawn at random, so every framework starts from the same
model, then train with AdamW, a learning-rate schedule and gradient clipping.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class Classifier(nn.Module):
    def __init__(self, classes: int = 3) -> None:
        super().__init__()
        self.conv = nn.Conv2d(1, 4, kernel_size=3, padding=1, bias=False)
        self.norm = nn.BatchNorm2d(4)
        self.pool = nn.MaxPool2d(2)
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(4 * 4 * 4, 16), nn.GELU())
        self.out = nn.Linear(16, classes)

    def forward(self, x):
        x = self.pool(F.relu(self.norm(self.conv(x))))
        return self.out(self.head(x))


torch.manual_seed(0)
model = Classifier()
with torch.no_grad():
    for index, parameter in enumerate(model.parameters()):
        steps = torch.arange(parameter.numel(), dtype=torch.float32) * 1.7 + index
        parameter.copy_(torch.sin(steps).reshape(parameter.shape) * 0.5)

images = torch.sin(torch.arange(12 * 64, dtype=torch.float32)).reshape(12, 1, 8, 8)
labels = torch.tensor([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2])
images = images + labels.reshape(-1, 1, 1, 1) * 0.5  # something to learn
loader = DataLoader(TensorDataset(images, labels), batch_size=4)

print(model)
print("parameters:", sum(p.numel() for p in model.parameters()))
optimizer = torch.optim.AdamW(model.parameters(), lr=0.01, weight_decay=0.01)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=5, gamma=0.5)
for epoch in range(10):
    model.train()
    total = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        optimizer.step()
        total += loss.item()
    scheduler.step()
    print(f"epoch {epoch}: loss {total / len(loader):.4f}, lr {scheduler.get_last_lr()[0]:.4f}")

model.eval()
correct = 0
with torch.no_grad():
    for batch, (x, y) in enumerate(loader):
        probabilities = model(x).softmax(dim=-1)
        predicted = probabilities.argmax(dim=1)
        correct += int((predicted == y).sum())
        print(f"batch {batch}: probabilities {[f'{p:.4f}' for p in probabilities[0].tolist()]}")
        print("  predicted", predicted.tolist())
print(f"accuracy {correct / len(labels):.2f}")
