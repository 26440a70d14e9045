"""torch.fx.experimental: ``symbolic_shapes``' guards, for concrete (non-symbolic) values."""
