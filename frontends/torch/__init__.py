"""The torch frontend: behaves like `import torch`, on any core backend."""
