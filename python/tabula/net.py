"""net.py - the weights file of the `net` bot (data/net/<game>.tbn): write
one, read one, and run the network in NumPy exactly as the C bot does
(src/ai/net_bot.c), so that Python can check or use a trained policy.

The format (docs/learning.md, "The weights file"), all little-endian:

    4 bytes   "TBN1"
    32 bytes  the game's id, NUL-padded
    uint32    the player count the net was trained for
    uint32    L, the number of linear layers (1 to 8)
    uint32    L + 1 sizes: the observation size, the hidden widths, and
              the action space
    float32   per layer l: its weight matrix, sizes[l+1] rows of sizes[l]
              (PyTorch's nn.Linear.weight layout), then its sizes[l+1]
              biases

Every layer but the last is followed by a ReLU; the last layer's outputs
are the logits of the actions, and the bot plays the legal one with the
highest logit.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, Sequence

MAGIC = b"TBN1"
MAX_LAYERS = 8


@dataclass
class Net:
    """A multilayer perceptron read from a .tbn file: `layers` holds one
    (weight, bias) pair of NumPy float32 arrays per linear layer."""
    game: str
    players: int
    layers: list

    @property
    def sizes(self) -> list[int]:
        return [self.layers[0][0].shape[1]] + [w.shape[0]
                                               for w, _ in self.layers]

    def logits(self, obs: Any) -> Any:
        """The logits for one observation (or a batch, one per row), in
        float32 as the C bot computes them."""
        import numpy as np
        x = np.asarray(obs, dtype=np.float32)
        for i, (w, b) in enumerate(self.layers):
            x = x @ w.T + b
            if i + 1 < len(self.layers):
                x = np.maximum(x, np.float32(0))
        return x

    def choose(self, obs: Any, mask: Any) -> int:
        """The index of the legal action with the highest logit (the
        first on a tie, as in C)."""
        import numpy as np
        z = self.logits(obs)
        z = np.where(np.asarray(mask) != 0, z, -np.inf)
        return int(np.argmax(z))


def write(path: str, game: str, players: int,
          layers: Sequence[tuple[Any, Any]]) -> None:
    """Writes a .tbn file from (weight, bias) pairs (NumPy arrays or
    anything np.asarray takes), checking that consecutive sizes agree."""
    import numpy as np
    if not 1 <= len(layers) <= MAX_LAYERS:
        raise ValueError(f"a net has 1 to {MAX_LAYERS} layers")
    gid = game.encode()
    if len(gid) >= 32:
        raise ValueError("game id too long")
    mats = [(np.asarray(w, dtype="<f4"), np.asarray(b, dtype="<f4"))
            for w, b in layers]
    sizes = [mats[0][0].shape[1]]
    for w, b in mats:
        if w.ndim != 2 or w.shape[1] != sizes[-1] or b.shape != (w.shape[0],):
            raise ValueError("layer sizes do not chain")
        sizes.append(w.shape[0])
    with open(path, "wb") as f:
        f.write(MAGIC + gid.ljust(32, b"\0"))
        f.write(struct.pack(f"<{len(sizes) + 2}I", players, len(mats),
                            *sizes))
        for w, b in mats:
            f.write(np.ascontiguousarray(w).tobytes())
            f.write(b.tobytes())


def read(path: str) -> Net:
    """Reads a .tbn file; ValueError when it is not one or is cut short."""
    import numpy as np
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 44 or data[:4] != MAGIC:
        raise ValueError(f"{path}: not a tabula net file")
    game = data[4:36].split(b"\0", 1)[0].decode()
    players, nl = struct.unpack_from("<2I", data, 36)
    if not 1 <= nl <= MAX_LAYERS:
        raise ValueError(f"{path}: bad layer count {nl}")
    sizes = struct.unpack_from(f"<{nl + 1}I", data, 44)
    off = 44 + 4 * (nl + 1)
    layers = []
    for i in range(nl):
        n_in, n_out = sizes[i], sizes[i + 1]
        w = np.frombuffer(data, "<f4", n_in * n_out, off).reshape(n_out, n_in)
        off += 4 * n_in * n_out
        b = np.frombuffer(data, "<f4", n_out, off)
        off += 4 * n_out
        layers.append((w.astype(np.float32), b.astype(np.float32)))
    if off != len(data):
        raise ValueError(f"{path}: {len(data) - off} bytes too many")
    return Net(game, players, layers)
