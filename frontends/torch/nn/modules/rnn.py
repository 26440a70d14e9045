"""torch.nn recurrent layers: RNN, LSTM, GRU and their cells (RNNCellBase).

Parameter names, shapes and gate order are torch's (``weight_ih_l{k}[_reverse]``,
``weight_hh_l...``, ``bias_ih_l...``, ``bias_hh_l...``, ``weight_hr_l...`` with
``proj_size``; LSTM gates i, f, g, o; GRU gates r, z, n), so torch state dicts load as they
are. PackedSequence inputs are not supported.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from frontends import torch
from frontends.torch._tensor import Tensor
from frontends.torch.nn import functional as F
from frontends.torch.nn import init
from frontends.torch.nn.modules.module import Module
from frontends.torch.nn.parameter import Parameter

__all__ = ["GRU", "GRUCell", "LSTM", "LSTMCell", "RNN", "RNNBase", "RNNCell", "RNNCellBase"]

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


def _lstm_cell(
    x_proj: Tensor, h: Tensor, c: Tensor, w_hh: Tensor, b_hh: Tensor | None, w_hr: Tensor | None
) -> tuple[Tensor, Tensor]:
    gates = x_proj + F.linear(h, w_hh, b_hh)
    i, f, g, o = gates.chunk(4, -1)
    c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
    h = torch.sigmoid(o) * torch.tanh(c)
    if w_hr is not None:
        h = F.linear(h, w_hr)
    return h, c


def _gru_cell(x_proj: Tensor, h: Tensor, w_hh: Tensor, b_hh: Tensor | None) -> Tensor:
    h_proj = F.linear(h, w_hh, b_hh)
    x_r, x_z, x_n = x_proj.chunk(3, -1)
    h_r, h_z, h_n = h_proj.chunk(3, -1)
    r = torch.sigmoid(x_r + h_r)
    z = torch.sigmoid(x_z + h_z)
    n = torch.tanh(x_n + r * h_n)
    return (1 - z) * n + z * h


class RNNBase(Module):
    """Shared machinery of RNN, LSTM and GRU."""

    def __init__(
        self,
        mode: str,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        proj_size: int = 0,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        if (
            not isinstance(dropout, (int, float))
            or not 0 <= dropout <= 1
            or isinstance(dropout, bool)
        ):
            raise ValueError(
                "dropout should be a number in range [0, 1] representing the probability of an "
                "element being zeroed"
            )
        for flag, value in (("bias", bias), ("batch_first", batch_first)):
            if not isinstance(value, bool):
                raise TypeError(f"{flag} should be of type bool, got: {type(value).__name__}")
        if not isinstance(input_size, int):
            raise TypeError(f"input_size should be of type int, got: {type(input_size).__name__}")
        if input_size <= 0:
            raise ValueError("input_size must be greater than zero")
        if not isinstance(hidden_size, int):
            raise TypeError(f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError(
                "proj_size should be a positive integer or zero to disable projections"
            )
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        if mode not in _GATES:
            raise ValueError(f"Unrecognized RNN mode: {mode}")
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        gate_size = _GATES[mode] * hidden_size
        self._flat_weights_names: list[str] = []
        self._all_weights: list[list[str]] = []
        for layer in range(num_layers):
            for direction in range(num_directions):
                real_hidden_size = proj_size if proj_size > 0 else hidden_size
                layer_input_size = input_size if layer == 0 else real_hidden_size * num_directions
                shapes = [(gate_size, layer_input_size), (gate_size, real_hidden_size)]
                if bias:
                    shapes += [(gate_size,), (gate_size,)]
                if proj_size > 0:
                    shapes.append((proj_size, hidden_size))
                suffix = "_reverse" if direction == 1 else ""
                names = ["weight_ih_l{}{}", "weight_hh_l{}{}"]
                if bias:
                    names += ["bias_ih_l{}{}", "bias_hh_l{}{}"]
                if proj_size > 0:
                    names += ["weight_hr_l{}{}"]
                names = [x.format(layer, suffix) for x in names]
                for name, shape in zip(names, shapes):
                    setattr(self, name, Parameter(torch.empty(shape, dtype=dtype)))
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)
        self.reset_parameters()

    @property
    def all_weights(self) -> list[list[Parameter]]:
        return [[getattr(self, weight) for weight in weights] for weights in self._all_weights]

    def flatten_parameters(self) -> None:
        """A no-op (cuDNN weight flattening), kept for torch code that calls it."""

    def reset_parameters(self) -> None:
        """Every weight and bias from U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))."""
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def extra_repr(self) -> str:
        s = "{input_size}, {hidden_size}"
        if self.proj_size != 0:
            s += ", proj_size={proj_size}"
        if self.num_layers != 1:
            s += ", num_layers={num_layers}"
        if self.bias is not True:
            s += ", bias={bias}"
        if self.batch_first is not False:
            s += ", batch_first={batch_first}"
        if self.dropout != 0:
            s += ", dropout={dropout}"
        if self.bidirectional is not False:
            s += ", bidirectional={bidirectional}"
        return s.format(**self.__dict__)

    def _weights(
        self, layer: int, direction: int
    ) -> tuple[Tensor, Tensor, Tensor | None, Tensor | None, Tensor | None]:
        suffix = "_reverse" if direction == 1 else ""
        get = lambda name: getattr(self, f"{name}_l{layer}{suffix}", None)  # noqa: E731
        return get("weight_ih"), get("weight_hh"), get("bias_ih"), get("bias_hh"), get("weight_hr")

    def _run(self, input: Tensor, hx: Any, lengths: list[int] | None = None) -> tuple[Tensor, Any]:
        """``input`` (T, N, *) and initial states (layers * directions, N, H) -> outputs.
        With ``lengths`` (a PackedSequence's), a sequence's state stops changing after its
        last valid step (and a reverse pass starts at that step)."""
        num_directions = 2 if self.bidirectional else 1
        steps = input.shape[0]
        is_lstm = self.mode == "LSTM"
        h0, c0 = hx if is_lstm else (hx, None)
        layer_input = input
        h_n, c_n = [], []
        for layer in range(self.num_layers):
            outputs = []
            for direction in range(num_directions):
                w_ih, w_hh, b_ih, b_hh, w_hr = self._weights(layer, direction)
                idx = layer * num_directions + direction
                h = h0[idx]
                c = c0[idx] if is_lstm else None
                x_proj = F.linear(layer_input, w_ih, b_ih)
                order = range(steps - 1, -1, -1) if direction == 1 else range(steps)
                out = [None] * steps
                for t in order:
                    h_old, c_old = h, c
                    if is_lstm:
                        h, c = _lstm_cell(x_proj[t], h, c, w_hh, b_hh, w_hr)
                    elif self.mode == "GRU":
                        h = _gru_cell(x_proj[t], h, w_hh, b_hh)
                    else:
                        pre = x_proj[t] + F.linear(h, w_hh, b_hh)
                        h = torch.tanh(pre) if self.mode == "RNN_TANH" else F.relu(pre)
                    if lengths is not None and lengths[-1] <= t:
                        running = torch.tensor([[n > t] for n in lengths])
                        h = torch.where(running, h, h_old)
                        if is_lstm:
                            c = torch.where(running, c, c_old)
                    out[t] = h
                outputs.append(
                    torch.stack(out) if steps else torch.zeros((0, *h.shape), dtype=h.dtype)
                )
                h_n.append(h)
                c_n.append(c)
            layer_input = outputs[0] if num_directions == 1 else torch.cat(outputs, dim=-1)
            if self.dropout and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        h_n_t = torch.stack(h_n)
        return layer_input, ((h_n_t, torch.stack(c_n)) if is_lstm else h_n_t)

    def _forward_packed(self, input: Any, hx: Any) -> tuple[Any, Any]:
        """A PackedSequence input: run on its padded, length-sorted batch with the states
        held after each sequence's end; the output is packed again and h_n unsorted."""
        from frontends.torch.nn.utils import rnn as packing

        batch_sizes = [int(b) for b in input.batch_sizes.tolist()]
        padded, _ = packing.pad_packed_sequence(
            packing.PackedSequence(input.data, input.batch_sizes)
        )
        lengths = [sum(1 for b in batch_sizes if b > i) for i in range(batch_sizes[0])]
        is_lstm = self.mode == "LSTM"
        if hx is not None and input.sorted_indices is not None:
            order = input.sorted_indices
            hx = (
                (hx[0].index_select(1, order), hx[1].index_select(1, order))
                if is_lstm
                else hx.index_select(1, order)
            )
        hx = self._initial_state(padded, hx, batched=True)
        output, hidden = self._run(padded, hx, lengths)
        data = torch.cat([output[t, :b] for t, b in enumerate(batch_sizes)])
        if input.unsorted_indices is not None:
            order = input.unsorted_indices
            hidden = (
                (hidden[0].index_select(1, order), hidden[1].index_select(1, order))
                if is_lstm
                else hidden.index_select(1, order)
            )
        packed = packing.PackedSequence(
            data, input.batch_sizes, input.sorted_indices, input.unsorted_indices
        )
        return packed, hidden

    def forward(self, input: Tensor, hx: Any = None) -> tuple[Tensor, Any]:
        if not isinstance(input, Tensor):
            return self._forward_packed(input, hx)
        batched = input.dim() == 3
        if input.dim() not in (2, 3):
            raise ValueError(
                f"{self._get_name()}: Expected input to be 2D or 3D, got {input.dim()}D instead"
            )
        weight_dtype = getattr(self, self._flat_weights_names[0]).dtype
        if input.dtype != weight_dtype:
            raise ValueError(
                f"RNN input dtype ({input.dtype}) does not match weight dtype ({weight_dtype}). "
                f"Convert input: input.to({weight_dtype}), or convert model: "
                f"model.to({input.dtype})"
            )
        if self.input_size != input.shape[-1]:
            raise RuntimeError(
                f"input.size(-1) must be equal to input_size. Expected {self.input_size}, got {input.shape[-1]}"
            )
        if not batched:
            input = input.unsqueeze(1)
        elif self.batch_first:
            input = input.transpose(0, 1)
        hx = self._initial_state(input, hx, batched)
        output, hidden = self._run(input, hx)
        if not batched:
            output = output.squeeze(1)
            is_lstm = self.mode == "LSTM"
            hidden = (hidden[0].squeeze(1), hidden[1].squeeze(1)) if is_lstm else hidden.squeeze(1)
        elif self.batch_first:
            output = output.transpose(0, 1)
        return output, hidden

    def _initial_state(self, input: Tensor, hx: Any, batched: bool) -> Any:
        """zeros for a missing ``hx``; a given one checked (and batched for 2-D input)."""
        batch = input.shape[1]
        num_directions = 2 if self.bidirectional else 1
        real_hidden = self.proj_size if self.proj_size > 0 else self.hidden_size
        is_lstm = self.mode == "LSTM"
        if hx is None:
            h0 = torch.zeros(
                (self.num_layers * num_directions, batch, real_hidden), dtype=input.dtype
            )
            hx = (
                (
                    h0,
                    torch.zeros(
                        (self.num_layers * num_directions, batch, self.hidden_size),
                        dtype=input.dtype,
                    ),
                )
                if is_lstm
                else h0
            )
        elif not batched:
            if is_lstm:
                if hx[0].dim() != 2 or hx[1].dim() != 2:
                    raise RuntimeError(
                        f"For unbatched 2-D input, hx and cx should also be 2-D but got "
                        f"({hx[0].dim()}-D, {hx[1].dim()}-D) tensors"
                    )
                hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
            else:
                if hx.dim() != 2:
                    raise RuntimeError(
                        f"For unbatched 2-D input, hx should also be 2-D but got {hx.dim()}-D tensor"
                    )
                hx = hx.unsqueeze(1)
        else:
            expected = (self.num_layers * num_directions, batch, real_hidden)
            got = tuple((hx[0] if is_lstm else hx).shape)
            if got != expected:
                raise RuntimeError(f"Expected hidden size {expected}, got {list(got)}")
        return hx


class RNN(RNNBase):
    """Elman RNN with ``nonlinearity`` "tanh" or "relu"."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if self.nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif self.nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(
                f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' or 'relu'."
            )
        super().__init__(mode, *args, **kwargs)


class LSTM(RNNBase):
    """Long short-term memory (gates i, f, g, o), optional ``proj_size``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__("LSTM", *args, **kwargs)


class GRU(RNNBase):
    """Gated recurrent unit (gates r, z, n; n = tanh(W_in x + b_in + r * (W_hn h + b_hn)))."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)


class RNNCellBase(Module):
    """The base of RNNCell, LSTMCell and GRUCell: ``weight_ih`` (num_chunks * hidden_size,
    input_size), ``weight_hh``, ``bias_ih``/``bias_hh`` (None without ``bias``)."""

    __constants__: ClassVar[list[str]] = ["input_size", "hidden_size", "bias"]

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool,
        num_chunks: int,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size), dtype=dtype))
        self.weight_hh = Parameter(
            torch.empty((num_chunks * hidden_size, hidden_size), dtype=dtype)
        )
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, dtype=dtype))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self) -> str:
        s = "{input_size}, {hidden_size}"
        if "bias" in self.__dict__ and self.bias is not True:
            s += ", bias={bias}"
        if "nonlinearity" in self.__dict__ and self.nonlinearity != "tanh":
            s += ", nonlinearity={nonlinearity}"
        return s.format(**self.__dict__)

    def reset_parameters(self) -> None:
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _check_dims(self, input: Tensor, hx: Any, hidden_names: tuple[str, ...]) -> None:
        """torch's ValueErrors for an input or hidden state that is not 1-D or 2-D."""
        name = self._get_name()
        if input.dim() not in (1, 2):
            raise ValueError(f"{name}: Expected input to be 1D or 2D, got {input.dim()}D instead")
        states = () if hx is None else (hx,) if len(hidden_names) == 1 else tuple(hx)
        for label, state in zip(hidden_names, states):
            if state.dim() not in (1, 2):
                raise ValueError(
                    f"{name}: Expected {label} to be 1D or 2D, got {state.dim()}D instead"
                )

    def _zeros(self, input: Tensor) -> Tensor:
        shape = (input.shape[0], self.hidden_size) if input.dim() == 2 else (self.hidden_size,)
        return torch.zeros(shape, dtype=input.dtype)


class RNNCell(RNNCellBase):
    """One Elman RNN step."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        nonlinearity: str = "tanh",
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__(input_size, hidden_size, bias, num_chunks=1, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input: Tensor, hx: Tensor | None = None) -> Tensor:
        self._check_dims(input, hx, ("hidden",))
        hx = self._zeros(input) if hx is None else hx
        pre = F.linear(input, self.weight_ih, self.bias_ih) + F.linear(
            hx, self.weight_hh, self.bias_hh
        )
        if self.nonlinearity == "tanh":
            return torch.tanh(pre)
        if self.nonlinearity == "relu":
            return F.relu(pre)
        raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")


class LSTMCell(RNNCellBase):
    """One LSTM step: returns ``(h, c)``."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__(input_size, hidden_size, bias, num_chunks=4, dtype=dtype)

    def forward(
        self, input: Tensor, hx: tuple[Tensor, Tensor] | None = None
    ) -> tuple[Tensor, Tensor]:
        self._check_dims(input, hx, ("hx[0]", "hx[1]"))
        if hx is None:
            hx = (self._zeros(input), self._zeros(input))
        return _lstm_cell(
            F.linear(input, self.weight_ih, self.bias_ih),
            hx[0],
            hx[1],
            self.weight_hh,
            self.bias_hh,
            None,
        )


class GRUCell(RNNCellBase):
    """One GRU step."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__(input_size, hidden_size, bias, num_chunks=3, dtype=dtype)

    def forward(self, input: Tensor, hx: Tensor | None = None) -> Tensor:
        self._check_dims(input, hx, ("hidden",))
        hx = self._zeros(input) if hx is None else hx
        return _gru_cell(
            F.linear(input, self.weight_ih, self.bias_ih), hx, self.weight_hh, self.bias_hh
        )
