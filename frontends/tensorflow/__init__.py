"""The tensorflow frontend: behaves like `import tensorflow`, on any core backend."""
