"""The numpy frontend: behaves like `import numpy`, on any core backend."""
