"""torch.jit.annotations: the typing names TorchScript code imports from it
(``from torch.jit.annotations import List, Tuple``), which are typing's, as in torch."""

from typing import Any, Dict, List, Optional, Tuple, Union  # noqa: UP035 (torch's names)

__all__ = ["Any", "Dict", "List", "Optional", "Tuple", "Union"]
