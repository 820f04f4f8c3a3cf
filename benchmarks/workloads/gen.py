#!/usr/bin/env python3
"""Generates the paper workloads (WORKLOADS.md) as graph-dialect modules: one
func @main per module, weights and activations as function arguments, in a
`small` configuration for tests and the papers' configurations for benchmarks.

Usage:
  gen.py --list                      workloads and their configurations
  gen.py WORKLOAD CONFIG [-o FILE]   print (or write) one module
  gen.py --all                       (re)write every benchmarks/workloads/<name>.<config>.mlir
  gen.py --check                     exit 1 if a committed file differs from what gen.py writes
                                     (or is missing, or an extra <name>.<config>.mlir exists)
  gen.py --verify VTC_OPT            run VTC_OPT on every committed file, plain and with
                                     --graph-infer-shapes: both must succeed and print the same IR

Stdlib only. check.py imports this module for the input specifications
(`input_specs`) so that the numeric check feeds the same arguments.
"""
import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


# ---- types and shapes ---------------------------------------------------------
# A dimension is an int, or a str naming a dynamic dimension (printed `?`).

def dyn(d):
    return isinstance(d, str)


def type_str(shape, dtype):
    if not shape:
        return "tensor<%s>" % dtype
    return "tensor<%sx%s>" % ("x".join("?" if dyn(d) else str(d) for d in shape), dtype)


def fmt_float(v):
    s = "%.9e" % v
    return s


def attr_str(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return fmt_float(v) + " : f64"
    if isinstance(v, str):
        return v if v in ("f32", "f16", "bf16", "i32", "i64", "i1") else '"%s"' % v
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(str(x) for x in v) + "]"
    raise TypeError(v)


def bcast(a, b):
    out = []
    for i in range(max(len(a), len(b))):
        x = a[len(a) - 1 - i] if i < len(a) else 1
        y = b[len(b) - 1 - i] if i < len(b) else 1
        if x == 1:
            out.append(y)
        elif y == 1 or x == y:
            out.append(x)
        elif dyn(x) or dyn(y):
            out.append(x if dyn(x) else y)
        else:
            raise ValueError("cannot broadcast %s and %s" % (a, b))
    return tuple(reversed(out))


class Value:
    def __init__(self, name, shape, dtype):
        self.name, self.shape, self.dtype = name, tuple(shape), dtype

    @property
    def type(self):
        return type_str(self.shape, self.dtype)


class Builder:
    """Accumulates the arguments and ops of func @main, computing result types."""

    def __init__(self):
        self.args, self.specs, self.lines, self.used = [], [], [], set()
        self.count = 0

    def _fresh(self, hint):
        hint = hint or "v"
        name = hint
        while name in self.used:
            self.count += 1
            name = "%s_%d" % (hint, self.count)
        self.used.add(name)
        return "%" + name

    def arg(self, name, shape, dtype, init=("normal", 1.0), doc="", donate=None):
        """A function argument. init tells check.py how to fill it:
        ("normal", std), ("uniform", lo, hi), ("kv_index", pos): ScatterND
        indices [B, 1, 2] = (b, pos). donate: the result that may live in
        its buffer (graph.aliasing_output), or None."""
        v = Value(self._fresh(name), shape, dtype)
        self.args.append(v)
        self.specs.append({"name": name, "shape": tuple(shape), "dtype": dtype, "init": init, "doc": doc,
                           "donate": donate})
        return v

    def comment(self, text):
        self.lines.append("  // " + text)

    def op(self, name, operands, attrs, results, hint=None):
        """results: list of (shape, dtype); returns a Value or a list of them."""
        attrs = {k: v for k, v in attrs.items() if v is not None}
        a = ""
        if attrs:
            a = " {" + ", ".join("%s = %s" % (k, attr_str(attrs[k])) for k in sorted(attrs)) + "}"
        res = self._fresh(hint or name.split(".")[1])
        vals = [Value(res if len(results) == 1 else "%s#%d" % (res, i), s, d) for i, (s, d) in enumerate(results)]
        lhs = res if len(results) == 1 else "%s:%d" % (res, len(results))
        ins = ", ".join(o.type for o in operands)
        outs = vals[0].type if len(vals) == 1 else "(" + ", ".join(v.type for v in vals) + ")"
        # The graph dialect's custom form: `%r = graph.op %a, %b {attrs} : (ta, tb) -> tr`.
        args = "".join(" " + o.name if i == 0 else ", " + o.name for i, o in enumerate(operands))
        self.lines.append("  %s = %s%s%s : (%s) -> %s" % (lhs, name, args, a, ins, outs))
        return vals[0] if len(vals) == 1 else vals

    # -- compute ops --
    def matmul(self, a, b, hint=None):
        sa, sb = a.shape, b.shape
        assert len(sa) >= 2 and len(sb) >= 2 and (sa[-1] == sb[-2] or dyn(sa[-1]) or dyn(sb[-2])), (sa, sb)
        batch = bcast(sa[:-2], sb[:-2])
        return self.op("graph.matmul", [a, b], {}, [(batch + (sa[-2], sb[-1]), a.dtype)], hint)

    def binary(self, kind, a, b, hint=None):
        return self.op("graph." + kind, [a, b], {}, [(bcast(a.shape, b.shape), a.dtype)], hint)

    def add(self, a, b, hint=None):
        return self.binary("add", a, b, hint)

    def mul(self, a, b, hint=None):
        return self.binary("mul", a, b, hint)

    def unary(self, kind, x, hint=None):
        return self.op("graph." + kind, [x], {}, [(x.shape, x.dtype)], hint)

    def cast(self, x, to, hint=None):
        return self.op("graph.cast", [x], {"to": to}, [(x.shape, to)], hint)

    def softmax(self, x, axis=-1, hint=None):
        return self.op("graph.softmax", [x], {"axis": axis}, [(x.shape, x.dtype)], hint)

    def reduce(self, kind, x, axes, keepdims=True, hint=None):
        r = len(x.shape)
        ax = [a % r for a in axes]
        shape = tuple((1 if i in ax else d) for i, d in enumerate(x.shape) if keepdims or i not in ax)
        return self.op("graph.reduce_" + kind, [x], {"axes": list(axes), "keepdims": None if keepdims else False},
                       [(shape, x.dtype)], hint)

    def layer_norm(self, x, g, b, eps, hint=None):
        return self.op("graph.layer_norm", [x, g, b], {"axis": -1, "epsilon": float(eps)}, [(x.shape, x.dtype)], hint)

    def conv(self, x, w, bias=None, stride=1, pad=0, group=1, hint=None):
        n, c, h, wd = x.shape
        m, cg, kh, kw = w.shape
        assert dyn(c) or c == cg * group, (x.shape, w.shape, group)
        ho = (h + 2 * pad - kh) // stride + 1
        wo = (wd + 2 * pad - kw) // stride + 1
        attrs = {"strides": [stride, stride] if stride != 1 else None, "pads": [pad] * 4 if pad else None,
                 "group": group if group != 1 else None}
        return self.op("graph.conv2d", [x, w] + ([bias] if bias is not None else []), attrs,
                       [((n, m, ho, wo), x.dtype)], hint)

    def constant(self, value, dtype, hint="c"):
        res = self._fresh(hint)
        self.lines.append("  %s = graph.constant dense<%s> : %s" % (res, fmt_float(value), type_str((), dtype)))
        return Value(res, (), dtype)

    # -- data movement --
    def reshape(self, x, shape, hint=None):
        return self.op("graph.reshape", [x], {"shape": list(shape)}, [(tuple(shape), x.dtype)], hint)

    def transpose(self, x, perm, hint=None):
        return self.op("graph.transpose", [x], {"perm": list(perm)}, [(tuple(x.shape[p] for p in perm), x.dtype)], hint)

    def split(self, x, axis, sizes, hint=None):
        outs = []
        for s in sizes:
            sh = list(x.shape)
            sh[axis] = s
            outs.append((tuple(sh), x.dtype))
        return self.op("graph.split", [x], {"axis": axis, "split": list(sizes)}, outs, hint)

    def concat(self, xs, axis, hint=None):
        sh = list(xs[0].shape)
        sh[axis] = sum(x.shape[axis] for x in xs)
        return self.op("graph.concat", xs, {"axis": axis}, [(tuple(sh), xs[0].dtype)], hint)

    def slice(self, x, starts, ends, axes, hint=None):
        sh = list(x.shape)
        for s, e, a in zip(starts, ends, axes):
            d = sh[a]
            s2 = s + d if s < 0 else s
            e2 = e + d if e < 0 else min(e, d)
            sh[a] = max(0, e2 - s2)
        return self.op("graph.slice", [x], {"starts": list(starts), "ends": list(ends), "axes": list(axes)},
                       [(tuple(sh), x.dtype)], hint)

    def unsqueeze(self, x, axes, hint=None):
        sh = list(x.shape)
        for a in sorted(axes):
            sh.insert(a, 1)
        return self.op("graph.unsqueeze", [x], {"axes": list(axes)}, [(tuple(sh), x.dtype)], hint)

    def squeeze(self, x, axes, hint=None):
        sh = [d for i, d in enumerate(x.shape) if i not in axes]
        return self.op("graph.squeeze", [x], {"axes": list(axes)}, [(tuple(sh), x.dtype)], hint)

    def expand(self, x, shape, hint=None):
        return self.op("graph.expand", [x], {"shape": list(shape)}, [(bcast(x.shape, shape), x.dtype)], hint)

    def scatter_nd(self, data, idx, upd, hint=None):
        return self.op("graph.scatter_nd", [data, idx, upd], {}, [(data.shape, data.dtype)], hint)

    def pad(self, x, pads, value, hint=None):
        r = len(x.shape)
        sh = tuple(d + pads[i] + pads[r + i] for i, d in enumerate(x.shape))
        return self.op("graph.pad", [x], {"pads": list(pads), "value": float(value)}, [(sh, x.dtype)], hint)

    def render(self, header, results, suggested=None):
        out = ["// " + l if l else "//" for l in header]
        sig = ", ".join("%s: %s {%svtc.input = %s}" % (a.name, a.type, donation_attr(s), input_attr(s, suggested or {}))
                        for a, s in zip(self.args, self.specs))
        rt = results[0].type if len(results) == 1 else "(" + ", ".join(r.type for r in results) + ")"
        out.append("func.func @main(%s) -> %s {" % (sig, rt))
        out.extend(self.lines)
        out.append("  return %s : %s" % (", ".join(r.name for r in results), ", ".join(r.type for r in results)))
        out.append("}")
        return "\n".join(out) + "\n"


def donation_attr(spec):
    """`graph.aliasing_output = N, ` for an argument donated to result N."""
    return "" if spec.get("donate") is None else "graph.aliasing_output = %d, " % spec["donate"]


def input_attr(spec, suggested):
    """The `vtc.input` attribute that tells vtc-run (and every harness) how to
    fill an argument (tools/vtc-run/inputs.h): the spec's init, and for a
    dynamic argument the sizes to suggest (suggested: dim name -> size)."""
    init = spec["init"]
    if init[0] == "normal":
        entries = ["normal = %r" % float(init[1])]
    elif init[0] == "uniform":
        entries = ["range = [%r, %r]" % (float(init[1]), float(init[2]))]
    elif init[0] == "kv_index":
        rows = ", ".join("[[%d, %d]]" % (i, init[1]) for i in range(spec["shape"][0]))
        entries = ["value = dense<[%s]> : %s" % (rows, type_str(spec["shape"], spec["dtype"]))]
    else:
        raise ValueError(init)
    if any(dyn(d) for d in spec["shape"]):
        entries.append("shape = [%s]" % ", ".join(str(suggested[d] if dyn(d) else d) for d in spec["shape"]))
    return "{%s}" % ", ".join(entries)


def wstd(fan_in):
    return ("normal", 1.0 / math.sqrt(fan_in))


# ---- workloads ------------------------------------------------------------------
# Each builder takes (Builder, params) and returns (results, notes): the values
# @main returns and extra header lines (choices not stated by the paper).

def build_decode_kv(b, p):
    """VTC Figure 2: QKV projection, Split, Reshape, ScatterND into the K and V
    caches, Slice to the current length, Unsqueeze + Expand (GQA), Reshape,
    Transpose, attention softmax(Q K^T * scale) V (decomposed)."""
    B, H, HQ, HKV, D, S, L, dt = p["B"], p["hidden"], p["HQ"], p["HKV"], p["D"], p["cache"], p["len"], p["dtype"]
    G = HQ // HKV
    x = b.arg("x", (B, H), dt, wstd(1), "hidden state of the new token (query length 1)")
    w = b.arg("w_qkv", (H, (HQ + 2 * HKV) * D), dt, wstd(H), "merged Q|K|V projection weight")
    inplace = p.get("inplace", False)
    kc = b.arg("k_cache", (B, S, HKV, D), dt, ("normal", 1.0),
               "K cache [batch, position, kv head, head dim]" + (" (donated to result 1)" if inplace else ""),
               donate=1 if inplace else None)
    vc = b.arg("v_cache", (B, S, HKV, D), dt, ("normal", 1.0), "V cache" + (" (donated to result 2)" if inplace else ""),
               donate=2 if inplace else None)
    idx = b.arg("kv_index", (B, 1, 2), "i64", ("kv_index", L - 1),
                "ScatterND indices: kv_index[b, 0] = (b, pos), pos = current length - 1")
    b.comment("frame 1: QKV projection as one matmul")
    qkv = b.matmul(x, w, "qkv")
    b.comment("frame 2: data movement (Split, Reshape, ScatterND, Slice, Unsqueeze, Expand, Reshape, Transpose)")
    q, k, v = b.split(qkv, 1, [HQ * D, HKV * D, HKV * D], "qkv_split")
    q = b.reshape(q, (B, 1, HQ, D), "q_heads")
    k = b.reshape(k, (B, 1, HKV, D), "k_new")
    v = b.reshape(v, (B, 1, HKV, D), "v_new")
    kc2 = b.scatter_nd(kc, idx, k, "k_cache_out")
    vc2 = b.scatter_nd(vc, idx, v, "v_cache_out")
    ks = b.slice(kc2, [0], [L], [1], "k_cur")
    vs = b.slice(vc2, [0], [L], [1], "v_cur")
    ks = b.unsqueeze(ks, [3], "k_unsq")
    vs = b.unsqueeze(vs, [3], "v_unsq")
    ks = b.expand(ks, (B, L, HKV, G, D), "k_exp")
    vs = b.expand(vs, (B, L, HKV, G, D), "v_exp")
    ks = b.reshape(ks, (B, L, HQ, D), "k_gqa")
    vs = b.reshape(vs, (B, L, HQ, D), "v_gqa")
    qt = b.transpose(q, [0, 2, 1, 3], "q_t")
    kt = b.transpose(ks, [0, 2, 3, 1], "k_t")
    vt = b.transpose(vs, [0, 2, 1, 3], "v_t")
    b.comment("frame 3: attention softmax(Q K^T / sqrt(D)) V, decomposed with an explicit scale")
    s = b.matmul(qt, kt, "scores")
    s = b.mul(s, b.constant(1.0 / math.sqrt(D), dt, "scale"), "scores_scaled")
    pr = b.softmax(s, -1, "probs")
    o = b.matmul(pr, vt, "attn")
    return [o, kc2, vc2], [
        "Attention is decomposed (matmul, mul by the scale constant 1/sqrt(D) rounded to %s, softmax, matmul)" % dt,
        "as Figure 2 draws it, rather than graph.attention; the query length is 1, so no causal mask is needed.",
        "The caches are [B, cache positions, KV heads, D]; ScatterND writes the new K/V at (b, pos) from the",
        "kv_index argument; the slice keeps positions [0, current length). Outputs: attention output",
        "[B, HQ, 1, D] and the updated K and V caches (the ScatterND results, which persist).",
    ] + ([
        "-inplace: the caches are donated (graph.aliasing_output): the updated caches may live in the",
        "argument buffers, so the update writes B x HKV x D elements in place instead of copying the caches.",
    ] if inplace else [])


def build_c3k2(b, p):
    B, C1, C, CB, C2, HW = p["B"], p["c_in"], p["c_half"], p["c_bottleneck"], p["c_out"], p["hw"]
    x = b.arg("x", (B, C1, HW, HW), "f32", ("normal", 1.0), "block input")

    def conv_args(name, cin, cout, k):
        return (b.arg(name + "_w", (cout, cin, k, k), "f32", wstd(cin * k * k), name + " weight (BN folded)"),
                b.arg(name + "_b", (cout,), "f32", ("normal", 0.1), name + " bias (BN folded)"))

    w1, b1 = conv_args("cv1", C1, 2 * C, 1)
    wm1, bm1 = conv_args("m_cv1", C, CB, 3)
    wm2, bm2 = conv_args("m_cv2", CB, C, 3)
    w2, b2 = conv_args("cv2", 3 * C, C2, 1)
    b.comment("cv1: 1x1 conv + SiLU, then Split into two halves a, b")
    e = b.unary("silu", b.conv(x, w1, b1, hint="cv1"), "e")
    a, bb = b.split(e, 1, [C, C], "ab")
    b.comment("bottleneck on b: 3x3 conv + SiLU, 3x3 conv + SiLU, shortcut add")
    t = b.unary("silu", b.conv(bb, wm1, bm1, pad=1, hint="m_cv1"), "t")
    d = b.conv(t, wm2, bm2, pad=1, hint="d")
    c = b.add(bb, b.unary("silu", d, "d_act"), "c")
    b.comment("Concat of a, b, c; cv2: 1x1 conv + SiLU")
    y = b.concat([a, bb, c], 1, "y")
    out = b.unary("silu", b.conv(y, w2, b2, hint="cv2"), "out")
    return [out], [
        "Ultralytics C3k2(c1, c2, n=1, c3k=False, e=0.25) as in YOLOv11n layer 2: cv1 Conv(c1, 2c, 1),",
        "chunk(2), Bottleneck(c, c, shortcut=True, e=0.5) with two 3x3 Convs, cat([a, b, c]), cv2 Conv(3c, c2, 1).",
        "Conv = conv2d + BatchNorm (folded into the bias) + SiLU.",
    ]


def build_shuffle(b, p):
    B, C, HW = p["B"], p["channels"], p["hw"]
    h = C // 2
    x = b.arg("x", (B, C, HW, HW), "f32", ("normal", 1.0), "unit input")
    w1 = b.arg("pw1_w", (h, h, 1, 1), "f32", wstd(h), "first 1x1 conv weight (BN folded)")
    b1 = b.arg("pw1_b", (h,), "f32", ("normal", 0.1), "first 1x1 conv bias (BN folded)")
    wd = b.arg("dw_w", (h, 1, 3, 3), "f32", wstd(9), "3x3 depthwise conv weight (BN folded)")
    bd = b.arg("dw_b", (h,), "f32", ("normal", 0.1), "depthwise conv bias (BN folded)")
    w2 = b.arg("pw2_w", (h, h, 1, 1), "f32", wstd(h), "second 1x1 conv weight (BN folded)")
    b2 = b.arg("pw2_b", (h,), "f32", ("normal", 0.1), "second 1x1 conv bias (BN folded)")
    b.comment("channel split")
    x1, x2 = b.split(x, 1, [h, h], "halves")
    b.comment("branch: 1x1 conv + ReLU, 3x3 depthwise conv, 1x1 conv + ReLU")
    t = b.unary("relu", b.conv(x2, w1, b1, hint="pw1"), "pw1_act")
    t = b.conv(t, wd, bd, pad=1, group=h, hint="dw")
    t = b.unary("relu", b.conv(t, w2, b2, hint="pw2"), "pw2_act")
    y = b.concat([x1, t], 1, "cat")
    b.comment("channel shuffle with 2 groups: reshape, transpose, reshape")
    y = b.reshape(y, (B, 2, h, HW, HW), "shuf_r")
    y = b.transpose(y, [0, 2, 1, 3, 4], "shuf_t")
    y = b.reshape(y, (B, C, HW, HW), "out")
    return [y], ["torchvision ShuffleNetV2 InvertedResidual with stride 1; BatchNorm folded into the conv biases."]


def build_evit(b, p):
    B, C, DIM, HW = p["B"], p["width"], p["dim"], p["hw"]
    heads = C // DIM
    td = heads * DIM
    x = b.arg("x", (B, C, HW, HW), "f32", ("normal", 1.0), "block input")
    wq = b.arg("qkv_w", (3 * td, C, 1, 1), "f32", wstd(C), "1x1 QKV projection weight (no bias)")
    wdw = b.arg("aggreg_dw_w", (3 * td, 1, 5, 5), "f32", wstd(25), "5x5 depthwise aggregation weight (no bias)")
    wpw = b.arg("aggreg_pw_w", (3 * td, DIM, 1, 1), "f32", wstd(DIM),
                "grouped 1x1 aggregation weight, groups = 3 * heads (no bias)")
    wp = b.arg("proj_w", (C, 2 * td, 1, 1), "f32", wstd(2 * td), "1x1 output projection weight (BN folded)")
    bp = b.arg("proj_b", (C,), "f32", ("normal", 0.1), "output projection bias (BN folded)")
    b.comment("k1: 1x1 QKV projection")
    qkv = b.conv(x, wq, hint="qkv")
    b.comment("k2, k3: multi-scale aggregation (5x5 depthwise, grouped 1x1), Concat with the input scale")
    ag = b.conv(qkv, wdw, pad=2, group=3 * td, hint="aggreg_dw")
    ag = b.conv(ag, wpw, group=3 * heads, hint="aggreg_pw")
    ms = b.concat([qkv, ag], 1, "multi_scale")
    b.comment("k4: ReLU linear attention")
    r = b.reshape(ms, (B, 2 * heads, 3 * DIM, HW * HW), "qkv_r")
    q = b.unary("relu", b.slice(r, [0], [DIM], [2], "q_raw"), "q")
    k = b.unary("relu", b.slice(r, [DIM], [2 * DIM], [2], "k_raw"), "k")
    v = b.slice(r, [2 * DIM], [3 * DIM], [2], "v_raw")
    kt = b.transpose(k, [0, 1, 3, 2], "k_t")
    v = b.pad(v, [0, 0, 0, 0, 0, 0, 1, 0], 1.0, "v_pad")
    vk = b.matmul(v, kt, "vk")
    o = b.matmul(vk, q, "vkq")
    num = b.slice(o, [0], [DIM], [2], "num")
    den = b.slice(o, [DIM], [DIM + 1], [2], "den")
    den = b.add(den, b.constant(1e-15, "f32", "eps"), "den_eps")
    o = b.binary("div", num, den, "att")
    o = b.reshape(o, (B, 2 * td, HW, HW), "att_r")
    b.comment("k5: 1x1 projection, residual")
    y = b.conv(o, wp, bp, hint="proj")
    y = b.add(x, y, "out")
    return [y], [
        "LiteMLA(in=out=width, dim, heads = width / dim, scales=(5,), kernel_func=relu, eps=1e-15) of",
        "mit-han-lab/efficientvit with its residual (EfficientViTBlock context module). The qkv conv and the",
        "aggregation convs have no bias and no norm; the projection has BatchNorm (folded into its bias).",
        "v is padded with a row of ones (F.pad(v, (0, 0, 0, 1), value=1)); out[:-1] / (out[-1:] + eps).",
    ]


def build_bert(b, p):
    B, S, H, NH, F, eps = p["B"], p["seq"], p["hidden"], p["heads"], p["ffn"], 1e-12
    D = H // NH
    x = b.arg("x", (B, S, H), "f32", ("normal", 1.0), "layer input (hidden states)")

    def lin(name, i, o):
        return (b.arg(name + "_w", (i, o), "f16", wstd(i), name + " weight (fp16)"),
                b.arg(name + "_b", (o,), "f32", ("normal", 0.1), name + " bias"))

    (wq, bq), (wk, bk), (wv, bv) = lin("q", H, H), lin("k", H, H), lin("v", H, H)
    wo, bo = lin("attn_out", H, H)
    g1 = b.arg("ln1_g", (H,), "f32", ("uniform", 0.5, 1.5), "attention layer norm scale")
    be1 = b.arg("ln1_b", (H,), "f32", ("normal", 0.1), "attention layer norm bias")
    wf1, bf1 = lin("ffn1", H, F)
    wf2, bf2 = lin("ffn2", F, H)
    g2 = b.arg("ln2_g", (H,), "f32", ("uniform", 0.5, 1.5), "output layer norm scale")
    be2 = b.arg("ln2_b", (H,), "f32", ("normal", 0.1), "output layer norm bias")

    def gemm(a16, w, bias, hint):
        return b.add(b.cast(b.matmul(a16, w, hint + "_mm"), "f32", hint + "_f32"), bias, hint)

    def bmm(l, r, hint):
        return b.cast(b.matmul(b.cast(l, "f16", hint + "_l16"), b.cast(r, "f16", hint + "_r16"), hint + "_mm"),
                      "f32", hint)

    b.comment("GEMM0 x3: the Q, K, V projections share their input (fp16 GEMMs, f32 bias)")
    xh = b.cast(x, "f16", "x16")
    q, k, v = gemm(xh, wq, bq, "q"), gemm(xh, wk, bk, "k"), gemm(xh, wv, bv, "v")
    b.comment("reshape and permute to heads")
    q = b.transpose(b.reshape(q, (B, S, NH, D), "q_r"), [0, 2, 1, 3], "q_h")
    k = b.transpose(b.reshape(k, (B, S, NH, D), "k_r"), [0, 2, 3, 1], "k_h")
    v = b.transpose(b.reshape(v, (B, S, NH, D), "v_r"), [0, 2, 1, 3], "v_h")
    b.comment("batched matmul, scale, softmax as reduce_max, sub, exp, reduce_sum, div")
    s = b.mul(bmm(q, k, "scores"), b.constant(1.0 / math.sqrt(D), "f32", "scale"), "scores_scaled")
    m = b.reduce("max", s, [-1], hint="row_max")
    e = b.unary("exp", b.binary("sub", s, m, "shifted"), "exps")
    z = b.reduce("sum", e, [-1], hint="row_sum")
    pr = b.binary("div", e, z, "probs")
    ctx = bmm(pr, v, "ctx")
    ctx = b.reshape(b.transpose(ctx, [0, 2, 1, 3], "ctx_t"), (B, S, H), "ctx_r")
    b.comment("output GEMM, residual add, layer norm")
    a = gemm(b.cast(ctx, "f16", "ctx16"), wo, bo, "attn_out")
    a = b.layer_norm(b.add(a, x, "res1"), g1, be1, eps, "ln1")
    b.comment("FFN: GEMM, GELU, GEMM, residual add, layer norm")
    f = b.unary("gelu", gemm(b.cast(a, "f16", "a16"), wf1, bf1, "ffn1"), "ffn_act")
    f = gemm(b.cast(f, "f16", "f16in"), wf2, bf2, "ffn2")
    y = b.layer_norm(b.add(f, a, "res2"), g2, be2, eps, "out")
    return [y], [
        "Every matmul (the four GEMMs, the two FFN GEMMs and the two batched matmuls) casts its operands to",
        "f16 and its result back to f32, as Souffle runs BERT (fp16 GEMMs, f32 elsewhere). GELU is the exact",
        "erf form; layer norm epsilon 1e-12 (BERT's); no attention mask (Souffle Fig. 1's subgraph has none).",
    ]


def build_lstm(b, p):
    L, H, T, B = p["layers"], p["hidden"], p["len"], p["B"]
    I = H
    x = b.arg("x", (T, B, I), "f32", ("normal", 1.0), "input sequence [time, batch, input]")
    w = b.arg("w_ih", (L, I, 4 * H), "f32", wstd(H), "input weights W of every layer, gates i|f|g|o")
    u = b.arg("w_hh", (L, H, 4 * H), "f32", wstd(H), "recurrent weights U of every layer, gates i|f|g|o")
    bias = b.arg("bias", (L, 4 * H), "f32", ("normal", 0.1), "b_ih + b_hh of every layer")
    h0 = b.arg("h0", (L, B, H), "f32", ("normal", 0.5), "initial hidden states")
    c0 = b.arg("c0", (L, B, H), "f32", ("normal", 0.5), "initial cell states")
    b.comment("per-layer weights and states")
    ws = [b.squeeze(t, [0], "w%d" % n) for n, t in enumerate(b.split(w, 0, [1] * L, "w_l"))] if L > 1 else \
        [b.squeeze(w, [0], "w0")]
    us = [b.squeeze(t, [0], "u%d" % n) for n, t in enumerate(b.split(u, 0, [1] * L, "u_l"))] if L > 1 else \
        [b.squeeze(u, [0], "u0")]
    bs = b.split(bias, 0, [1] * L, "b_l") if L > 1 else [bias]
    hs = [b.squeeze(t, [0], "h%d_init" % n) for n, t in enumerate(b.split(h0, 0, [1] * L, "h0_l"))] if L > 1 else \
        [b.squeeze(h0, [0], "h0_init")]
    cs = [b.squeeze(t, [0], "c%d_init" % n) for n, t in enumerate(b.split(c0, 0, [1] * L, "c0_l"))] if L > 1 else \
        [b.squeeze(c0, [0], "c0_init")]
    ys = []
    for t in range(T):
        inp = b.squeeze(b.slice(x, [t], [t + 1], [0], "x_t%d" % t), [0], "x%d" % t)
        for n in range(L):
            b.comment("t = %d, layer %d" % (t, n))
            sfx = "_l%d_t%d" % (n, t)
            gates = b.add(b.add(b.matmul(inp, ws[n], "xw" + sfx), b.matmul(hs[n], us[n], "hu" + sfx), "g" + sfx),
                          bs[n], "gb" + sfx)
            gi, gf, gg, go = b.split(gates, 1, [H] * 4, "gates" + sfx)
            gi, gf, go = (b.unary("sigmoid", gi, "i" + sfx), b.unary("sigmoid", gf, "f" + sfx),
                          b.unary("sigmoid", go, "o" + sfx))
            gg = b.unary("tanh", gg, "gg" + sfx)
            cs[n] = b.add(b.mul(gf, cs[n], "fc" + sfx), b.mul(gi, gg, "ig" + sfx), "c" + sfx)
            hs[n] = b.mul(go, b.unary("tanh", cs[n], "tc" + sfx), "h" + sfx)
            inp = hs[n]
        ys.append(b.unsqueeze(inp, [0], "y%d" % t))
    b.comment("outputs: top-layer hidden state of every step, final h and c of every layer")
    y = b.concat(ys, 0, "y") if T > 1 else ys[0]
    hn = b.concat([b.unsqueeze(h, [0], "hn%d" % n) for n, h in enumerate(hs)], 0, "h_n") if L > 1 else \
        b.unsqueeze(hs[0], [0], "h_n")
    cn = b.concat([b.unsqueeze(c, [0], "cn%d" % n) for n, c in enumerate(cs)], 0, "c_n") if L > 1 else \
        b.unsqueeze(cs[0], [0], "c_n")
    return [y, hn, cn], [
        "Fully unrolled over time and layers (Souffle Fig. 7). PyTorch nn.LSTM semantics with gate order",
        "i, f, g, o and the two biases summed: gates = x W + h U + b; c = f*c + i*g; h = o*tanh(c).",
        "The input size equals the hidden size (synthetic input), so the layers' weights are stacked in one",
        "argument each. Outputs: y [T, B, H], h_n and c_n [L, B, H] (as nn.LSTM returns).",
    ]


# EfficientNet-b0 MBConv sub-modules: (name, c_in, c_out, kernel, stride, expand, input size)
EFFNET_B0 = [
    ("M0", 32, 16, 3, 1, 1, 112), ("M1", 16, 24, 3, 2, 6, 112), ("M2", 24, 24, 3, 1, 6, 56),
    ("M3", 24, 40, 5, 2, 6, 56), ("M4", 40, 40, 5, 1, 6, 28), ("M5", 40, 80, 3, 2, 6, 28),
    ("M6", 80, 80, 3, 1, 6, 14), ("M7", 80, 112, 5, 1, 6, 14), ("M8", 112, 112, 5, 1, 6, 14),
    ("M9", 112, 192, 5, 2, 6, 14),
]
EFFNET_SMALL = [("S0", 4, 3, 3, 1, 1, 8), ("S1", 3, 5, 5, 2, 6, 8), ("S2", 5, 5, 3, 1, 6, 4)]


def build_effnet(b, p):
    mods, B = p["modules"], p["B"]
    first = mods[0]
    x = b.arg("x", (B, first[1], first[6], first[6]), "f32", ("normal", 1.0), "input of %s" % first[0])
    cur = x
    for (name, ci, co, k, s, e, hw) in mods:
        assert cur.shape[1] == ci and cur.shape[2] == hw, (name, cur.shape)
        n = name.lower()
        cm = ci * e
        se = max(1, int(ci * 0.25))
        b.comment("%s: MBConv%d k%d s%d, %d -> %d channels at %dx%d, SE %d" % (name, e, k, s, ci, co, hw, hw, se))
        t = cur
        if e != 1:
            ew = b.arg(n + "_expand_w", (cm, ci, 1, 1), "f32", wstd(ci), "%s expand 1x1 weight (BN folded)" % name)
            eb = b.arg(n + "_expand_b", (cm,), "f32", ("normal", 0.1), "%s expand bias" % name)
            t = b.unary("silu", b.conv(t, ew, eb, hint=n + "_expand"), n + "_expand_act")
        dw = b.arg(n + "_dw_w", (cm, 1, k, k), "f32", wstd(k * k), "%s depthwise %dx%d weight (BN folded)" % (name, k, k))
        db = b.arg(n + "_dw_b", (cm,), "f32", ("normal", 0.1), "%s depthwise bias" % name)
        s1w = b.arg(n + "_se1_w", (se, cm, 1, 1), "f32", wstd(cm), "%s SE reduce FC weight" % name)
        s1b = b.arg(n + "_se1_b", (se,), "f32", ("normal", 0.1), "%s SE reduce FC bias" % name)
        s2w = b.arg(n + "_se2_w", (cm, se, 1, 1), "f32", wstd(se), "%s SE expand FC weight" % name)
        s2b = b.arg(n + "_se2_b", (cm,), "f32", ("normal", 0.1), "%s SE expand FC bias" % name)
        pw = b.arg(n + "_proj_w", (co, cm, 1, 1), "f32", wstd(cm), "%s project 1x1 weight (BN folded)" % name)
        pb = b.arg(n + "_proj_b", (co,), "f32", ("normal", 0.1), "%s project bias" % name)
        t = b.unary("silu", b.conv(t, dw, db, stride=s, pad=k // 2, group=cm, hint=n + "_dw"), n + "_dw_act")
        g = b.reduce("mean", t, [2, 3], hint=n + "_pool")
        g = b.unary("silu", b.conv(g, s1w, s1b, hint=n + "_se1"), n + "_se1_act")
        g = b.unary("sigmoid", b.conv(g, s2w, s2b, hint=n + "_se2"), n + "_se2_act")
        t = b.mul(t, g, n + "_scaled")
        t = b.conv(t, pw, pb, hint=n + "_proj")
        if s == 1 and ci == co:
            t = b.add(t, cur, n + "_res")
        cur = t
    return [cur], [
        "MBConv as in EfficientNet-b0 (torchvision): [expand 1x1 + SiLU] -> depthwise kxk (stride s, pad k//2)",
        "+ SiLU -> SE (global average pool, 1x1 conv FC to max(1, c_in/4), SiLU, 1x1 conv FC, sigmoid, scale)",
        "-> project 1x1 -> residual add when stride 1 and c_in == c_out. BatchNorm folded into conv biases.",
        "M0..M9 are the first ten distinct MBConv configurations of b0 in network order (a repeated identical",
        "block appears once): stage 1 (M0), stage 2 (M1, M2), stage 3 (M3, M4), stage 4 (M5, M6),",
        "stage 5 (M7, M8) and the first block of stage 6 (M9); they chain, each one's output the next one's input.",
    ]


def build_gpt2(b, p):
    B, H, NH, P, dt = p["B"], p["hidden"], p["heads"], p["past"], p["dtype"]
    D = H // NH
    x = b.arg("x", (B, 1, H), dt, ("normal", 1.0), "hidden state of the new token")
    wa = b.arg("c_attn_w", (H, 3 * H), dt, wstd(H), "merged QKV projection weight (Conv1D c_attn)")
    ba = b.arg("c_attn_b", (3 * H,), dt, ("normal", 0.1), "c_attn bias")
    wp = b.arg("c_proj_w", (H, H), dt, wstd(H), "output projection weight (c_proj)")
    bpj = b.arg("c_proj_b", (H,), dt, ("normal", 0.1), "c_proj bias")
    pk = b.arg("past_k", (B, NH, P, D), dt, ("normal", 1.0), "cached keys [B, heads, past, D]")
    pv = b.arg("past_v", (B, NH, P, D), dt, ("normal", 1.0), "cached values [B, heads, past, D]")
    qkv = b.add(b.matmul(x, wa, "qkv_mm"), ba, "qkv")
    q, k, v = b.split(qkv, 2, [H, H, H], "qkv_split")
    q = b.transpose(b.reshape(q, (B, 1, NH, D), "q_r"), [0, 2, 1, 3], "q_h")
    k = b.transpose(b.reshape(k, (B, 1, NH, D), "k_r"), [0, 2, 1, 3], "k_h")
    v = b.transpose(b.reshape(v, (B, 1, NH, D), "v_r"), [0, 2, 1, 3], "v_h")
    b.comment("KV cache: Concat of the past and the new key/value")
    kk = b.concat([pk, k], 2, "present_k")
    vv = b.concat([pv, v], 2, "present_v")
    b.comment("matrix-vector attention of the one new token")
    s = b.matmul(q, b.transpose(kk, [0, 1, 3, 2], "k_t"), "scores")
    s = b.mul(s, b.constant(1.0 / math.sqrt(D), dt, "scale"), "scores_scaled")
    o = b.matmul(b.softmax(s, -1, "probs"), vv, "ctx")
    o = b.reshape(b.transpose(o, [0, 2, 1, 3], "ctx_t"), (B, 1, H), "ctx_r")
    y = b.add(b.matmul(o, wp, "proj_mm"), bpj, "out")
    return [y, kk, vv], [
        "HuggingFace GPT2Attention with use_cache (layer_past): c_attn, split, heads, Concat of past and new",
        "K/V, softmax(q k^T / sqrt(D)) v (no mask needed for one query token attending to every position),",
        "merge heads, c_proj. The cache length is the past length P; the concatenated K/V have P + 1 positions.",
        "Outputs: attention output [B, 1, hidden] and the present K and V.",
    ]


def build_gemm(b, p):
    K, N, dt = p["K"], p["N"], p["dtype"]
    a = b.arg("a", ("M", K), dt, ("normal", 1.0), "left operand, M = batch x sequence (dynamic)")
    w = b.arg("b", (K, N), dt, wstd(K), "right operand (weight)")
    return [b.matmul(a, w, "c")], ["M is dynamic (`?`); K and N are static."]


def build_conv_dyn(b, p):
    C, M, HW, k, s = p["c_in"], p["c_out"], p["hw"], p["kernel"], p["stride"]
    x = b.arg("x", ("N", C, HW, HW), "f32", ("normal", 1.0), "input, batch N dynamic")
    w = b.arg("w", (M, C, k, k), "f32", wstd(C * k * k), "weight")
    return [b.conv(x, w, stride=s, pad=k // 2, hint="y")], [
        "ResNet-50 convolution without bias (BatchNorm follows it in the network); padding k//2; batch dynamic."]


def kv_cfg(B, hidden, HQ, HKV, D, cache, length, dtype="bf16", inplace=False):
    c = dict(B=B, hidden=hidden, HQ=HQ, HKV=HKV, D=D, cache=cache, len=length, dtype=dtype)
    if inplace:
        c["inplace"] = True
    return c


def with_inplace(configs):
    """Each decode configuration and its -inplace twin (caches donated)."""
    out = dict(configs)
    for name, c in configs.items():
        out[name + "-inplace"] = dict(c, inplace=True)
    return out


WORKLOADS = {
    "llama3-decode-kv": dict(
        source="VTC Fig. 2 and Table 1 (Llama-3-8B decoder, frames 1-3)",
        exercises="every data-movement op VTC eliminates (Split, Reshape, ScatterND, Slice, Unsqueeze, Expand, "
                  "Transpose); memory-bound decode",
        build=build_decode_kv, tol="bf16",
        dims="B batch, hidden, HQ query heads, HKV KV heads, D head dim, cache KV-cache positions, "
             "len current length (write at len - 1)",
        configs=with_inplace({"small": kv_cfg(2, 16, 8, 2, 4, 8, 6),
                              "paper-b1": kv_cfg(1, 4096, 32, 8, 128, 4096, 4096),
                              "paper-b16": kv_cfg(16, 4096, 32, 8, 128, 4096, 4096)})),
    "gemma2-decode-kv": dict(
        source="VTC Table 1 (Gemma-2-9B decoder; the subgraph of VTC Fig. 2)",
        exercises="GQA with a different ratio (2) and head size (256)",
        build=build_decode_kv, tol="bf16",
        dims="as llama3-decode-kv",
        configs=with_inplace({"small": kv_cfg(2, 16, 4, 2, 8, 8, 5),
                              "paper-b1": kv_cfg(1, 3584, 16, 8, 256, 4096, 4096),
                              "paper-b16": kv_cfg(16, 3584, 16, 8, 256, 4096, 4096)}),
        notes=["Gemma-2's attention-logit soft-capping and sliding window are left out: the same subgraph as",
               "Llama-3's (WORKLOADS.md); the scale is 1/sqrt(256) (query_pre_attn_scalar = 256)."]),
    "yolo11-c3k2": dict(
        source="VTC Fig. 11 and Table 1 (YOLOv11n C3K2 block, 640x640 input -> 160x160 at this block)",
        exercises="Split and Concat that are not fully contiguous at batch 16",
        build=build_c3k2, tol="f32",
        dims="B batch, c_in input channels, c_half the split halves, c_bottleneck, c_out, hw spatial size",
        configs={"small": dict(B=2, c_in=8, c_half=4, c_bottleneck=2, c_out=16, hw=6),
                 "paper-b1": dict(B=1, c_in=32, c_half=16, c_bottleneck=8, c_out=64, hw=160),
                 "paper-b16": dict(B=16, c_in=32, c_half=16, c_bottleneck=8, c_out=64, hw=160)}),
    "shufflenet-unit": dict(
        source="VTC Table 1 (ShuffleNet, 224x224 input), PowerFusion Fig. 3: ShuffleNetV2 1.0x stage-2 unit",
        exercises="channel shuffle (reshape, transpose, reshape), Concat and Split",
        build=build_shuffle, tol="f32",
        dims="B batch, channels (split into two halves), hw spatial size",
        configs={"small": dict(B=2, channels=8, hw=4),
                 "paper-b1": dict(B=1, channels=116, hw=28),
                 "paper-b16": dict(B=16, channels=116, hw=28)}),
    "efficientvit-attn": dict(
        source="VTC Table 1 and Fig. 12 (EfficientViT attention block, LiteMLA)",
        exercises="reshapes, slices, transpose, pad and concat between five compute kernels",
        build=build_evit, tol="f32",
        dims="B batch, width channels, dim head dim (heads = width / dim), hw spatial size",
        configs={"small": dict(B=2, width=8, dim=4, hw=4),
                 "paper-b1": dict(B=1, width=256, dim=16, hw=64),
                 "paper-b16": dict(B=16, width=256, dim=16, hw=64)},
        notes=["Paper configuration: EfficientViT-B1 stage 4 (width 256, head dim 16, 16 heads) on a 64x64",
               "feature map, i.e. 4096 tokens, our reading of VTC Table 1's 'Resolution: 4096'."]),
    "bert-layer": dict(
        source="Souffle Fig. 1 and Table 2 (BERT-base encoder layer, SQuAD)",
        exercises="reductions fused with GEMMs, horizontal fusion of the three QKV GEMMs",
        build=build_bert, tol="f16",
        dims="B batch, seq sequence length, hidden, heads (head dim = hidden / heads), ffn",
        configs={"small": dict(B=1, seq=4, hidden=16, heads=2, ffn=32),
                 "paper-s128": dict(B=1, seq=128, hidden=768, heads=12, ffn=3072),
                 "paper-s384": dict(B=1, seq=384, hidden=768, heads=12, ffn=3072)}),
    "lstm-stack": dict(
        source="Souffle Table 2 and Fig. 7 (LSTM, synthetic input)",
        exercises="many small GEMMs, whole-model single kernel (Souffle: 1 kernel)",
        build=build_lstm, tol="f32",
        dims="layers, hidden (= input size), len sequence length, B batch",
        configs={"small": dict(layers=2, hidden=8, len=3, B=1),
                 "paper": dict(layers=10, hidden=256, len=100, B=1)}),
    "efficientnet-se": dict(
        source="Souffle Fig. 5-6 (EfficientNet-b0 sub-modules M0-M9), PowerFusion Fig. 7",
        exercises="depthwise conv + element-wise + global reduction chains (squeeze-and-excitation)",
        build=build_effnet, tol="f32",
        dims="modules: (name, c_in, c_out, kernel, stride, expand ratio, input size); B batch",
        configs=dict([("small", dict(B=1, modules=EFFNET_SMALL)), ("paper", dict(B=1, modules=EFFNET_B0))] +
                     [("paper-" + m[0].lower(), dict(B=1, modules=[m])) for m in EFFNET_B0])),
    "gpt2-attn-kv": dict(
        source="PowerFusion Sec. 8.3, Fig. 11-12 (GPT-2 small attention with a KV cache)",
        exercises="matrix-vector attention, Concat into the cache",
        build=build_gpt2, tol="dtype",
        dims="B batch, hidden, heads (head dim 64), past cached positions, dtype",
        configs=dict([("small", dict(B=2, hidden=16, heads=2, past=3, dtype="f32")),
                      ("small-f16", dict(B=2, hidden=16, heads=2, past=3, dtype="f16"))] +
                     [("paper-p%d%s" % (P, sfx), dict(B=128, hidden=768, heads=12, past=P, dtype=dt))
                      for dt, sfx in (("f32", ""), ("f16", "-f16")) for P in (128, 256, 512, 1024)])),
    "bert-gemm-dynamic": dict(
        source="Vortex Sec. 2.2 and Table 6 (first GEMM of BERT, DietCode's samples)",
        exercises="dynamic shapes without samples: M = batch x sequence is `?`",
        build=build_gemm, tol="dtype",
        dims="M dynamic (paper: 16 x 5..128 step 19, and 1..384), K, N, dtype",
        configs={"small": dict(K=24, N=8, dtype="f32"), "small-qkv": dict(K=8, N=24, dtype="f32"),
                 "paper": dict(K=2304, N=768, dtype="f32"), "paper-qkv": dict(K=768, N=2304, dtype="f32"),
                 "paper-f16": dict(K=2304, N=768, dtype="f16"),
                 "paper-qkv-f16": dict(K=768, N=2304, dtype="f16")},
        dynamic={"M": [1, 5, 24]}, default={"M": 256}),
    "conv-dynamic-batch": dict(
        source="Vortex Table 4 (ResNet-50 convolutions, batch 1 and 4..64 step 4)",
        exercises="dynamic batch in convolution",
        build=build_conv_dyn, tol="f32",
        dims="N dynamic batch, c_in, c_out, hw input size, kernel, stride",
        configs={"small": dict(c_in=4, c_out=4, hw=6, kernel=3, stride=1),
                 "small-1x1": dict(c_in=8, c_out=4, hw=6, kernel=1, stride=1),
                 "small-s2": dict(c_in=4, c_out=4, hw=6, kernel=3, stride=2),
                 "paper-3x3": dict(c_in=64, c_out=64, hw=56, kernel=3, stride=1),
                 "paper-1x1": dict(c_in=256, c_out=64, hw=56, kernel=1, stride=1),
                 "paper-3x3s2": dict(c_in=128, c_out=128, hw=28, kernel=3, stride=2)},
        dynamic={"N": [1, 2, 3]}, default={"N": 4}),
}


def tolerance_dtype(wl, params):
    t = WORKLOADS[wl]["tol"]
    return params["dtype"] if t == "dtype" else t


def build(wl, cfg):
    """Returns (module text, input specs, builder)."""
    w = WORKLOADS[wl]
    params = w["configs"][cfg]
    b = Builder()
    results, notes = w["build"](b, params)
    kind = "for tests: tiny dims, the same structure, ops and dtypes" if cfg.startswith("small") else \
        "the paper's, for benchmarks"
    header = ["Workload: %s" % wl, "Source: %s" % w["source"], "Configuration: %s, %s" % (cfg, kind),
              "Exercises: %s" % w["exercises"], "Dimensions (%s):" % w["dims"]]
    for k, v in params.items():
        if k == "modules":
            for m in v:
                header.append("  %s: c_in %d, c_out %d, kernel %d, stride %d, expand %d, input %dx%d" %
                              (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[6]))
        elif k != "inplace":  # said in the notes and the inputs
            header.append("  %s = %s" % (k, v))
    suggested = suggested_binding(wl, cfg)
    for d, vals in w.get("dynamic", {}).items():
        header.append("  %s = ? (dynamic; default binding %s = %d: run with %s; check.py binds it to %s)"
                      % (d, d, suggested[d], dim_flags(b.specs, suggested), ", ".join(map(str, vals))))
    header.append("Inputs (function arguments, in order):")
    for s in b.specs:
        header.append("  %%%s: %s  %s" % (s["name"], type_str(s["shape"], s["dtype"]), s["doc"]))
    header.append("Outputs: " + ", ".join(type_str(r.shape, r.dtype) for r in results))
    header.append("Notes:")
    header.extend("  " + n for n in notes + w.get("notes", []))
    header.append("Generated by benchmarks/workloads/gen.py; do not edit (regenerate with gen.py --all).")
    return b.render(header, results, suggested), b.specs


def suggested_binding(wl, cfg):
    """The default size of each dynamic dimension: the largest that check.py
    runs for small configurations, the workload's `default` for the paper's."""
    w = WORKLOADS[wl]
    if cfg.startswith("small"):
        return {d: max(vals) for d, vals in w.get("dynamic", {}).items()}
    return dict(w.get("default", {}))


def dim_flags(specs, suggested):
    """vtc-run's --dim options binding every dynamic dimension of the inputs."""
    flags = []
    for s in specs:
        flags += ["--dim=%s.%d=%d" % (s["name"], k, suggested[d]) for k, d in enumerate(s["shape"]) if dyn(d)]
    return " ".join(flags)


def input_specs(wl, cfg):
    return build(wl, cfg)[1]


def all_files():
    for wl, w in WORKLOADS.items():
        for cfg in w["configs"]:
            yield wl, cfg, os.path.join(HERE, "%s.%s.mlir" % (wl, cfg))


def verify(vtc_opt):
    """Parses and verifies every committed module with vtc-opt, and checks that
    shape inference refines no type (the declared types are the inferred ones)."""
    import subprocess
    ok = bad = 0
    for wl, cfg, path in all_files():
        name = os.path.basename(path)
        runs = [subprocess.run([vtc_opt] + flags + [path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                for flags in ([], ["--graph-infer-shapes"])]
        why = None
        for r, what in zip(runs, ("vtc-opt", "vtc-opt --graph-infer-shapes")):
            if r.returncode != 0 and why is None:
                why = "%s failed: %s" % (what, r.stderr.decode(errors="replace").strip()[:500])
        if why is None and runs[0].stdout != runs[1].stdout:
            why = "--graph-infer-shapes changed the IR"
        if why:
            print("FAIL %s: %s" % (name, why))
            bad += 1
        else:
            print("ok %s" % name)
            ok += 1
    print("%d verified, %d failed" % (ok, bad))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("workload", nargs="?")
    ap.add_argument("config", nargs="?")
    ap.add_argument("-o", "--output")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--verify", metavar="VTC_OPT")
    a = ap.parse_args()
    if a.verify:
        return verify(a.verify)
    if a.list:
        for wl, w in WORKLOADS.items():
            print("%-20s %s" % (wl, " ".join(w["configs"])))
        return 0
    if a.all or a.check:
        bad = 0
        expected = set()
        for wl, cfg, path in all_files():
            expected.add(os.path.basename(path))
            text = build(wl, cfg)[0]
            if a.all:
                with open(path, "w") as f:
                    f.write(text)
                continue
            try:
                with open(path) as f:
                    same = f.read() == text
            except OSError:
                same = False
            if not same:
                print("out of date: %s (run gen.py --all)" % os.path.relpath(path), file=sys.stderr)
                bad += 1
        if a.check:
            for name in sorted(os.listdir(HERE)):
                if name.endswith(".mlir") and name not in expected:
                    print("not generated by gen.py: %s" % name, file=sys.stderr)
                    bad += 1
            print("%d files checked, %d out of date" % (len(expected), bad))
        return 1 if bad else 0
    if not a.workload or not a.config:
        ap.error("give WORKLOAD CONFIG, or --all, --check or --list")
    if a.workload not in WORKLOADS or a.config not in WORKLOADS[a.workload]["configs"]:
        ap.error("unknown workload/config %s %s (see --list)" % (a.workload, a.config))
    text = build(a.workload, a.config)[0]
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
