"""The jax frontend: behaves like `import jax`, on any core backend."""
