"""The few parts of torchvision that timm imports, for the drop-in (:mod:`frontends.dropin`).

Not a torchvision frontend. ``pip install timm`` installs torchvision, and ``import timm``
imports names from it (``torchvision.ops.misc.FrozenBatchNorm2d``, ``torchvision.transforms``,
``torchvision.datasets``) though creating and running a model uses none but the first.
Real torchvision cannot run on the torch frontend: its compiled operators register with real
torch. So while :func:`frontends.install` routes ``torch``, a library's
``import torchvision`` statement gets this package instead:

* working: ``torchvision.ops.misc.FrozenBatchNorm2d`` (timm's ``freeze_batch_norm_2d`` and
  ``norm_layer="frozenbatchnorm2d"``) and ``torchvision.transforms.InterpolationMode``;
* importable, refused when used: the datasets and ``transforms.ToTensor`` that timm imports
  at module level (constructing one raises ``NotImplementedError`` naming it);
* everything else is absent: ``torchvision.models.feature_extraction`` raises
  ``ModuleNotFoundError`` (timm then works without its FX feature extraction), other names
  ``AttributeError``.

Build input pipelines with numpy or PIL and ``torch.from_numpy``, or run timm's data
pipeline in a process with real torch and torchvision.
"""

from frontends.torchvision import datasets, ops, transforms

__version__ = "0.28.0"
