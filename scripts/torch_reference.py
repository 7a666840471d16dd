#!/usr/bin/python3
"""Writes the PyTorch reference fixtures for the C++ networks in core/nn/.

Run with Debian's interpreter, which has python3-torch, after building the native tool:
    /usr/bin/python3 scripts/torch_reference.py            # writes tests/fixtures/nn/*.json

The networks, their classes and sizes and their fixture files come from the
network table (core/nn/network_table.cpp) through `attn networks --json`
(ATTN=path/to/attn to choose the tool; build/native/attn by default).

For each network it builds the PyTorch modules the lesson uses, gives every
parameter a value from a fixed formula (the C++ test computes the same formula,
so the weights need not be stored), runs one small batch forward and backward
through an MSE loss, then takes three Adam steps on that batch. It records the
batch, the outputs, the losses, every gradient and every weight after the
steps (for plain-256, every 11th entry of each). Large tensors are stored as
base64 of little-endian float32 to keep the files small; the C++ tests only
read them and never need PyTorch.
"""

import base64
import json
import math
import os
import subprocess
import sys

import numpy as np
import torch
from torch import nn

KINDS = 8
TOKEN = KINDS + 2
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BATCH, OBJECTS, ADAM_STEPS, ADAM_LR = 6, 4, 3, 0.001


class LookupNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_object = nn.Linear(TOKEN, 16)
        self.embed_request = nn.Linear(KINDS, 16)
        self.attend = nn.MultiheadAttention(16, 1, batch_first=True)
        self.out = nn.Linear(16, 2)

    def forward(self, tokens, request):
        keys = self.embed_object(tokens)
        query = self.embed_request(request).unsqueeze(1)
        mixed, _ = self.attend(query, keys, keys)
        return self.out(mixed.squeeze(1))


class TransformerNet(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.embed_object = nn.Linear(TOKEN, 32)
        self.embed_request = nn.Linear(KINDS, 32)
        block = nn.TransformerEncoderLayer(32, 2, dim_feedforward=64, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(block, layers)
        self.out = nn.Linear(32, 2)

    def forward(self, tokens, request):
        seq = torch.cat([self.embed_request(request).unsqueeze(1), self.embed_object(tokens)], dim=1)
        return self.out(self.encoder(seq)[:, 0])


class PlainNet(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8 * 11 + KINDS, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
                                 nn.Linear(hidden, 2))

    def forward(self, tokens, request):
        count, objects, _ = tokens.shape
        slots = torch.zeros(count, 8, 11)
        slots[:, :objects, :TOKEN] = tokens
        slots[:, :objects, TOKEN] = 1.0
        return self.net(torch.cat([slots.reshape(count, -1), request], dim=1))


# The PyTorch module of each C++ class of the network table, built with the entry's sizes.
MODULES = {"Lookup": LookupNet, "Transformer": TransformerNet, "Plain": PlainNet}


def network_table(reads="table-scene"):
    """The networks of `attn networks --json` that read `reads` ("table-scene" or "text"): name -> entry."""
    attn = os.environ.get("ATTN", os.path.join(ROOT, "build", "native", "attn"))
    table = json.loads(subprocess.run([attn, "networks", "--json"], check=True, capture_output=True, text=True).stdout)
    return {e["name"]: e for e in table if e["input"] == reads}


# Every gradient and weight of plain-256 (91,138 each) would make a 1 MB file, so
# its fixture keeps every 11th entry of each tensor (row-major) and each gradient's
# largest magnitude, which the C++ test uses as the tensor's scale.
SAMPLE_EVERY = {"plain-256": 11}


def is_norm_gain(name):
    return ".norm" in name and name.endswith(".weight")


def formula_value(k, i, name, shape, is_gain=is_norm_gain):
    """The value of element i (row-major) of parameter k; tests/core/support/parity.hpp has the same formula.
    `is_gain` tells a norm's gain (near 1) by its name (the language model names its norms otherwise)."""
    wave = math.sin(0.37 * i + 0.91 * k + 0.5)
    if len(shape) == 2:
        return wave / math.sqrt(shape[1])
    if is_gain(name):
        return 1.0 + 0.2 * wave
    return 0.2 * wave


def set_formula_weights(net, is_gain=is_norm_gain):
    with torch.no_grad():
        for k, (name, p) in enumerate(net.named_parameters()):
            flat = [formula_value(k, i, name, list(p.shape), is_gain) for i in range(p.numel())]
            p.copy_(torch.tensor(np.array(flat, dtype=np.float64).astype(np.float32)).reshape(p.shape))


def write_fixture(relative_path, record):
    """Writes one fixture (compact JSON) under the repository's root; returns its path."""
    path = os.path.join(ROOT, relative_path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(record, f, separators=(",", ":"))
    return path


def packed(t, every=1):
    flat = t.detach().reshape(-1)[::every]
    return base64.b64encode(flat.numpy().astype("<f4").tobytes()).decode("ascii")


def make_batch(generator):
    """A small batch of scenes, drawn as the lesson draws them."""
    kind = torch.stack([torch.randperm(KINDS, generator=generator)[:OBJECTS] for _ in range(BATCH)])
    place = torch.rand(BATCH, OBJECTS, 2, generator=generator)
    asked = torch.randint(0, OBJECTS, (BATCH,), generator=generator)
    rows = torch.arange(BATCH)
    tokens = torch.cat([nn.functional.one_hot(kind, KINDS).float(), place], dim=2)
    request = nn.functional.one_hot(kind[rows, asked], KINDS).float()
    return tokens, request, place[rows, asked]


def fixture(entry, tokens, request, target):
    name = entry["name"]
    torch.manual_seed(0)
    net = MODULES[entry["class"]](*entry["sizes"])
    set_formula_weights(net)
    names = [n for n, _ in net.named_parameters()]
    params = [p for _, p in net.named_parameters()]
    loss_fn = nn.MSELoss()
    out = net(tokens, request)
    loss = loss_fn(out, target)
    net.zero_grad()
    loss.backward()
    every = SAMPLE_EVERY.get(name, 1)
    grads = {n: packed(p.grad, every) for n, p in zip(names, params)}
    record = {
        "model": name, "batch": BATCH, "objects": OBJECTS, "sample_every": every,
        "grad_scales": {n: p.grad.abs().max().item() for n, p in zip(names, params)},
        "weights": "formula: see scripts/torch_reference.py formula_value",
        "parameters": [{"name": n, "shape": list(p.shape)} for n, p in zip(names, params)],
        "tokens": tokens.reshape(-1).tolist(), "request": request.reshape(-1).tolist(),
        "target": target.reshape(-1).tolist(), "output": out.detach().reshape(-1).tolist(),
        "loss": loss.item(), "grads": grads,
        "adam": {"lr": ADAM_LR, "steps": ADAM_STEPS, "losses": []},
    }
    optimizer = torch.optim.Adam(net.parameters(), lr=ADAM_LR)
    for _ in range(ADAM_STEPS):
        step_loss = loss_fn(net(tokens, request), target)
        optimizer.zero_grad()
        step_loss.backward()
        optimizer.step()
        record["adam"]["losses"].append(step_loss.item())
    record["adam"]["weights"] = {n: packed(p, every) for n, p in zip(names, params)}
    return record


def main():
    torch.set_num_threads(1)
    tokens, request, target = make_batch(torch.Generator().manual_seed(4))
    for entry in network_table().values():
        record = fixture(entry, tokens, request, target)
        path = write_fixture(entry["fixture"], record)
        print(f"{path}: {os.path.getsize(path)} bytes, loss {record['loss']:.6f}", file=sys.stderr)


if __name__ == "__main__":
    main()
