#!/usr/bin/python3
"""Writes the PyTorch reference fixture for the character-level language model in core/nn/lm/.

Run with Debian's interpreter, which has python3-torch (1.13), after building the native tool:
    /usr/bin/python3 scripts/lm_torch_reference.py      # writes tests/fixtures/nn/char-lm.json

The fixture's file is the language model's in the network table (core/nn/network_table.cpp),
read through `attn networks --json` (ATTN=path/to/attn to choose the tool).

It builds the same decoder-only transformer as core/nn/lm/char_lm.hpp, written out
in plain PyTorch (token and position nn.Embedding, pre-norm blocks of causal
multi-head self-attention with a masked softmax and a ReLU feed-forward, a final
nn.LayerNorm, an nn.Linear head), gives every parameter a value from a fixed
formula (torch_reference.py's, which tests/core/support/parity.hpp computes too, so the
weights need not be stored), and runs one batch of character ids forward and
backward through F.cross_entropy (the mean over places). It records the ids and
targets, the logits, the loss, the first block's attention weights, every
gradient, and every weight after 3 steps of torch.optim.AdamW on that batch
(matrices decayed, biases and norms not). Tensors are stored as base64 of
little-endian float32.
"""

import math
import os
import sys

import torch
from torch import nn
from torch.nn import functional as F

import torch_reference
from torch_reference import packed, set_formula_weights, write_fixture

VOCAB, CONTEXT, WIDTH, HEADS, LAYERS = 11, 8, 16, 2, 2
BATCH, LENGTH = 3, 7  # one place short of the context: the last position row gets no gradient
STEPS, LR, WEIGHT_DECAY = 3, 0.001, 0.1


class CausalSelfAttention(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(width, 3 * width)
        self.proj = nn.Linear(width, width)

    def forward(self, x):
        b, length, width = x.shape
        dh = width // self.heads
        q, k, v = self.qkv(x).split(width, dim=2)                    # (B, L, E) each
        q, k, v = (t.reshape(b, length, self.heads, dh).transpose(1, 2) for t in (q, k, v))  # (B, H, L, dh)
        scores = q @ k.transpose(-2, -1) / math.sqrt(dh)              # (B, H, L, L)
        later = torch.triu(torch.ones(length, length, dtype=torch.bool), diagonal=1)
        p = F.softmax(scores.masked_fill(later, float("-inf")), dim=-1)
        o = (p @ v).transpose(1, 2).reshape(b, length, width)        # (B, L, E) heads side by side
        return self.proj(o), p


class Block(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(width)
        self.attn = CausalSelfAttention(width, heads)
        self.ln2 = nn.LayerNorm(width)
        self.fc = nn.Linear(width, 4 * width)
        self.fc_proj = nn.Linear(4 * width, width)

    def forward(self, x):
        a, p = self.attn(self.ln1(x))
        r = x + a
        return r + self.fc_proj(F.relu(self.fc(self.ln2(r)))), p


class CharLm(nn.Module):
    def __init__(self, vocab=VOCAB, context=CONTEXT, width=WIDTH, heads=HEADS, layers=LAYERS):
        super().__init__()
        self.tok_emb = nn.Embedding(vocab, width)
        self.pos_emb = nn.Embedding(context, width)
        self.blocks = nn.ModuleList([Block(width, heads) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(width)
        self.head = nn.Linear(width, vocab)

    def forward(self, ids):
        x = self.tok_emb(ids) + self.pos_emb(torch.arange(ids.shape[1]))
        weights = []
        for block in self.blocks:
            x, p = block(x)
            weights.append(p)
        return self.head(self.ln_f(x)), weights


def is_norm_gain(name):
    return name.endswith(("ln1.weight", "ln2.weight", "ln_f.weight"))


def main():
    torch.set_num_threads(1)
    generator = torch.Generator().manual_seed(22)
    ids = torch.randint(0, VOCAB, (BATCH, LENGTH + 1), generator=generator)
    inputs, targets = ids[:, :-1], ids[:, 1:]
    net = CharLm()
    set_formula_weights(net, is_norm_gain)
    names = [n for n, _ in net.named_parameters()]
    params = [p for _, p in net.named_parameters()]

    logits, weights = net(inputs)
    loss = F.cross_entropy(logits.reshape(-1, VOCAB), targets.reshape(-1))
    net.zero_grad()
    loss.backward()
    record = {
        "shape": {"vocab": VOCAB, "context": CONTEXT, "width": WIDTH, "heads": HEADS, "layers": LAYERS},
        "batch": BATCH, "length": LENGTH,
        "weights": "formula: see scripts/lm_torch_reference.py formula_value",
        "parameters": [{"name": n, "shape": list(p.shape)} for n, p in zip(names, params)],
        "inputs": inputs.reshape(-1).tolist(), "targets": targets.reshape(-1).tolist(),
        "logits": packed(logits), "loss": loss.item(), "attention0": packed(weights[0]),
        "grads": {n: packed(p.grad) for n, p in zip(names, params)},
        "grad_scales": {n: p.grad.abs().max().item() for n, p in zip(names, params)},
        "adamw": {"lr": LR, "weight_decay": WEIGHT_DECAY, "steps": STEPS, "losses": []},
    }
    decayed = [p for p in params if p.dim() >= 2]
    kept = [p for p in params if p.dim() < 2]
    optimizer = torch.optim.AdamW([{"params": decayed, "weight_decay": WEIGHT_DECAY},
                                   {"params": kept, "weight_decay": 0.0}], lr=LR)
    for _ in range(STEPS):
        step_loss = F.cross_entropy(net(inputs)[0].reshape(-1, VOCAB), targets.reshape(-1))
        optimizer.zero_grad()
        step_loss.backward()
        optimizer.step()
        record["adamw"]["losses"].append(step_loss.item())
    record["adamw"]["weights"] = {n: packed(p) for n, p in zip(names, params)}
    (entry,) = torch_reference.network_table("text").values()
    out = write_fixture(entry["fixture"], record)
    print(f"{out}: {os.path.getsize(out)} bytes, {sum(p.numel() for p in params)} parameters, "
          f"loss {record['loss']:.6f}", file=sys.stderr)


if __name__ == "__main__":
    main()
