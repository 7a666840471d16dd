#!/usr/bin/python3
"""PyTorch side of scripts/bench_lm.sh: times the language model's training on one thread.

    /usr/bin/python3 scripts/bench_lm.py LAYERS HEADS WIDTH CONTEXT BATCH VOCAB STEPS
prints one JSON line like `attn lm bench`: the model of scripts/lm_torch_reference.py,
cross-entropy, AdamW (matrices decayed), windows drawn at random from a made-up text.
"""

import json
import os
import sys
import time

import torch
from torch.nn import functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lm_torch_reference as ref  # noqa: E402


def main():
    layers, heads, width, context, batch, vocab, steps = (int(a) for a in sys.argv[1:8])
    torch.set_num_threads(1)
    torch.manual_seed(0)
    text = torch.randint(0, vocab, (200000,))
    net = ref.CharLm(vocab, context, width, heads, layers)
    params = list(net.parameters())
    optimizer = torch.optim.AdamW([{"params": [p for p in params if p.dim() >= 2], "weight_decay": 0.1},
                                   {"params": [p for p in params if p.dim() < 2], "weight_decay": 0.0}], lr=0.003)

    def step():
        starts = torch.randint(0, len(text) - context - 1, (batch,))
        windows = torch.stack([text[s:s + context + 1] for s in starts.tolist()])
        logits = net(windows[:, :-1])[0]
        loss = F.cross_entropy(logits.reshape(-1, vocab), windows[:, 1:].reshape(-1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

    for _ in range(2):
        step()
    start, cpu_start = time.perf_counter(), time.process_time()
    for _ in range(steps - 2):
        step()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    print(json.dumps({"implementation": "pytorch-1-thread", "parameters": sum(p.numel() for p in params),
                      "layers": layers, "heads": heads, "width": width, "context": context, "vocab": vocab,
                      "batch": batch, "steps": steps - 2, "seconds": round(seconds, 4),
                      "ms_per_step": round(1000 * seconds / (steps - 2), 3),
                      "tokens_per_second": round((steps - 2) * batch * context / seconds),
                      "tokens_per_cpu_second": round((steps - 2) * batch * context / cpu)}))


if __name__ == "__main__":
    main()
