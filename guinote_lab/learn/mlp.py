"""A multilayer perceptron that learns: ReLU layers, one output, mean squared error, Adam. NumPy only."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from guinote_lab.learned import ValueNet


class Trainable:
    """Weights and Adam's moments for one network; :meth:`step` is one minibatch update."""

    def __init__(self, sizes: Sequence[int], rng: np.random.Generator) -> None:
        self.params: list[np.ndarray] = []
        for fan_in, fan_out in itertools.pairwise(sizes):
            # He initialisation for the ReLU layers.
            self.params.append((rng.standard_normal((fan_in, fan_out)) * np.sqrt(2.0 / fan_in)).astype(np.float32))
            self.params.append(np.zeros(fan_out, dtype=np.float32))
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0

    @property
    def layers(self) -> list[tuple[np.ndarray, np.ndarray]]:
        return [(self.params[i], self.params[i + 1]) for i in range(0, len(self.params), 2)]

    def net(self) -> ValueNet:
        """A copy for playing (inference only)."""
        return ValueNet([(w.copy(), b.copy()) for w, b in self.layers])

    def predict(self, x: np.ndarray) -> np.ndarray:
        """The network's output for each row of ``x``."""
        h = x.astype(np.float32, copy=False)
        layers = self.layers
        for index, (w, b) in enumerate(layers):
            h = h @ w + b
            if index < len(layers) - 1:
                h = np.maximum(h, 0.0)
        return h[:, 0]

    def step(self, x: np.ndarray, y: np.ndarray, lr: float, beta1: float = 0.9, beta2: float = 0.999) -> float:
        """One Adam step on the mean squared error of ``x`` against ``y``; the loss before the step."""
        x = x.astype(np.float32, copy=False)
        layers = self.layers
        activations = [x]
        h = x
        for index, (w, b) in enumerate(layers):
            h = h @ w + b
            if index < len(layers) - 1:
                h = np.maximum(h, 0.0)
            activations.append(h)
        out = activations[-1][:, 0]
        error = out - y.astype(np.float32)
        loss = float(np.mean(error * error))
        grad = (2.0 / len(y)) * error[:, None]
        grads: list[np.ndarray] = [np.empty(0)] * len(self.params)
        for index in range(len(layers) - 1, -1, -1):
            w, _ = layers[index]
            grads[2 * index] = activations[index].T @ grad
            grads[2 * index + 1] = grad.sum(axis=0)
            if index > 0:
                grad = (grad @ w.T) * (activations[index] > 0)
        self.t += 1
        correction1 = 1.0 - beta1**self.t
        correction2 = 1.0 - beta2**self.t
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= beta1
            m += (1.0 - beta1) * g
            v *= beta2
            v += (1.0 - beta2) * (g * g)
            p -= (lr * (m / correction1) / (np.sqrt(v / correction2) + 1e-8)).astype(np.float32)
        return loss

    def state(self, prefix: str) -> dict[str, np.ndarray]:
        """Arrays to save (weights and moments) under names starting with ``prefix``."""
        out: dict[str, np.ndarray] = {f"{prefix}t": np.asarray(self.t)}
        for i, (p, m, v) in enumerate(zip(self.params, self.m, self.v, strict=True)):
            out[f"{prefix}p{i}"] = p
            out[f"{prefix}m{i}"] = m
            out[f"{prefix}v{i}"] = v
        return out

    def load(self, arrays: dict[str, np.ndarray], prefix: str) -> None:
        """Restore what :meth:`state` saved (shapes must match)."""
        for i in range(len(self.params)):
            for store, key in ((self.params, "p"), (self.m, "m"), (self.v, "v")):
                value = arrays[f"{prefix}{key}{i}"]
                if value.shape != store[i].shape:
                    raise ValueError(f"checkpoint layer {i} has shape {value.shape}, not {store[i].shape}")
                store[i] = value.astype(np.float32)
        self.t = int(arrays[f"{prefix}t"])
