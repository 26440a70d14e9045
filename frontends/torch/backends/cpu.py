"""torch.backends.cpu."""


def get_cpu_capability() -> str:
    """The vector instruction set torch's CPU kernels would use: "DEFAULT" here (the core
    backend picks its own)."""
    return "DEFAULT"
