"""Independent numpy implementations of the workloads of gen.py (no vtc code):
REFERENCES[workload](params, inputs) -> list of outputs, where params is the
configuration dict of gen.WORKLOADS and inputs maps each argument name to a
numpy array (floats as float64 holding the exact stored values, bf16 already
widened; integers as int64). Outputs are float64 arrays.

Rounding: vtc's reference interpreter computes every op in double and rounds
once to the op's element type. For the f16/bf16 workloads this file rounds to
that type after each op too (`rnd`), so the comparison only sees the rare
1-ulp differences of reduction order; f32 workloads are computed in float64
without intermediate rounding (differences ~1e-7, far below check.py's 1e-4).
"""
import math

import numpy as np


# ---- dtype helpers ----------------------------------------------------------

def bf16_bits(x):
    """float array -> bf16 bit patterns (uint16), round to nearest even."""
    x = np.asarray(x, dtype=np.float32)
    u = x.reshape(-1).view(np.uint32).astype(np.uint64).reshape(x.shape)
    s16, one = np.uint64(16), np.uint64(1)
    r = (u + np.uint64(0x7FFF) + ((u >> s16) & one)) >> s16
    return r.astype(np.uint16)


def bf16_value(bits):
    """bf16 bit patterns (uint16) -> float64 values."""
    b = np.asarray(bits, dtype=np.uint16)
    u = b.reshape(-1).astype(np.uint32) << np.uint32(16)
    return u.view(np.float32).astype(np.float64).reshape(b.shape)


def rnd(x, dtype):
    """Rounds float64 values to dtype and widens them back to float64."""
    x = np.asarray(x, dtype=np.float64)
    if dtype == "f32":
        return x.astype(np.float32).astype(np.float64)
    if dtype == "f16":
        return x.astype(np.float16).astype(np.float64)
    if dtype == "bf16":
        return bf16_value(bf16_bits(x))
    if dtype == "f64":
        return x
    raise ValueError(dtype)


_erf = np.vectorize(math.erf)


def gelu(x):
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def silu(x):
    return x * sigmoid(x)


def relu(x):
    return np.maximum(x, 0.0)


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def layer_norm(x, g, b, eps):
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * g + b


def conv2d(x, w, bias=None, stride=1, pad=0, groups=1):
    """NCHW conv with OIHW weights (ONNX Conv), written from the definition:
    a sum over kernel offsets of strided input windows."""
    n, c, h, wd = x.shape
    m, cg, kh, kw = w.shape
    assert c == cg * groups and m % groups == 0
    mg = m // groups
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    ho = (h + 2 * pad - kh) // stride + 1
    wo = (wd + 2 * pad - kw) // stride + 1
    xg = xp.reshape(n, groups, cg, xp.shape[2], xp.shape[3])
    wg = w.reshape(groups, mg, cg, kh, kw)
    out = np.zeros((n, groups, mg, ho, wo))
    for i in range(kh):
        for j in range(kw):
            win = xg[:, :, :, i:i + stride * (ho - 1) + 1:stride, j:j + stride * (wo - 1) + 1:stride]
            out += np.einsum("ngchw,gmc->ngmhw", win, wg[:, :, :, i, j])
    out = out.reshape(n, m, ho, wo)
    if bias is not None:
        out = out + bias.reshape(1, m, 1, 1)
    return out


# ---- workloads -----------------------------------------------------------------

def ref_decode_kv(p, a):
    """VTC Fig. 2, written the way an attention kernel with a KV cache computes
    it: update the caches in place, then attend every query head h to KV head
    h // (HQ / HKV) over positions [0, len)."""
    dt, B, HQ, HKV, D, L = p["dtype"], p["B"], p["HQ"], p["HKV"], p["D"], p["len"]
    r = lambda t: rnd(t, dt)
    qkv = r(a["x"] @ a["w_qkv"])
    q = qkv[:, :HQ * D].reshape(B, HQ, D)
    k_new = qkv[:, HQ * D:(HQ + HKV) * D].reshape(B, HKV, D)
    v_new = qkv[:, (HQ + HKV) * D:].reshape(B, HKV, D)
    kc, vc = a["k_cache"].copy(), a["v_cache"].copy()
    for b in range(B):
        bb, pos = a["kv_index"][b, 0]
        kc[bb, pos] = k_new[b]
        vc[bb, pos] = v_new[b]
    scale = rnd(1.0 / math.sqrt(D), dt)
    out = np.zeros((B, HQ, 1, D))
    group = HQ // HKV
    for b in range(B):
        for h in range(HQ):
            keys = kc[b, :L, h // group, :]      # [L, D]
            vals = vc[b, :L, h // group, :]
            s = r(r(keys @ q[b, h]) * scale)       # [L]
            pr = r(softmax(s))
            out[b, h, 0] = r(pr @ vals)
    return [out, kc, vc]


def ref_c3k2(p, a):
    cv = lambda t, n, pad=0: conv2d(t, a[n + "_w"], a[n + "_b"], pad=pad)
    e = silu(cv(a["x"], "cv1"))
    c = p["c_half"]
    ha, hb = e[:, :c], e[:, c:]
    t = silu(cv(hb, "m_cv1", 1))
    hc = hb + silu(cv(t, "m_cv2", 1))
    return [silu(cv(np.concatenate([ha, hb, hc], axis=1), "cv2"))]


def ref_shuffle(p, a):
    x = a["x"]
    h = p["channels"] // 2
    x1, x2 = x[:, :h], x[:, h:]
    t = relu(conv2d(x2, a["pw1_w"], a["pw1_b"]))
    t = conv2d(t, a["dw_w"], a["dw_b"], pad=1, groups=h)
    t = relu(conv2d(t, a["pw2_w"], a["pw2_b"]))
    y = np.concatenate([x1, t], axis=1)
    # channel shuffle: output channel j*2 + g comes from input channel g*h + j
    out = np.empty_like(y)
    for g in range(2):
        for j in range(h):
            out[:, j * 2 + g] = y[:, g * h + j]
    return [out]


def ref_evit(p, a):
    x, dim = a["x"], p["dim"]
    B, C, H, W = x.shape
    heads = C // dim
    qkv = conv2d(x, a["qkv_w"])
    ag = conv2d(qkv, a["aggreg_dw_w"], pad=2, groups=3 * heads * dim)
    ag = conv2d(ag, a["aggreg_pw_w"], groups=3 * heads)
    ms = np.concatenate([qkv, ag], axis=1)                     # [B, 2*3*td, H, W]
    n = H * W
    out = np.empty((B, 2 * heads, dim, n))
    for b in range(B):
        for g in range(2 * heads):
            blk = ms[b, g * 3 * dim:(g + 1) * 3 * dim].reshape(3 * dim, n)
            q, k, v = relu(blk[:dim]), relu(blk[dim:2 * dim]), blk[2 * dim:]
            # linear attention: out[:, t] = sum_s v[:, s] (k[:, s] . q[:, t]) / (sum_s k[:, s] . q[:, t] + eps)
            kq = k.T @ q                                       # [n, n]
            out[b, g] = (v @ kq) / (kq.sum(axis=0, keepdims=True) + 1e-15)
    y = conv2d(out.reshape(B, 2 * heads * dim, H, W), a["proj_w"], a["proj_b"])
    return [x + y]


def ref_bert(p, a):
    x = a["x"]
    B, S, Hd = x.shape
    NH = p["heads"]
    D = Hd // NH
    f32 = lambda t: rnd(t, "f32")
    h16 = lambda t: rnd(t, "f16")

    def gemm(inp, name):   # fp16 GEMM, f32 bias
        return h16(h16(inp) @ a[name + "_w"]) + a[name + "_b"]

    def heads(t):          # [B, S, Hd] -> [B, NH, S, D]
        return t.reshape(B, S, NH, D).transpose(0, 2, 1, 3)

    q, k, v = heads(f32(gemm(x, "q"))), heads(f32(gemm(x, "k"))), heads(f32(gemm(x, "v")))
    s = f32(h16(h16(q) @ h16(k).transpose(0, 1, 3, 2)) * f32(1.0 / math.sqrt(D)))
    pr = f32(softmax(s))
    ctx = h16(h16(pr) @ h16(v)).transpose(0, 2, 1, 3).reshape(B, S, Hd)
    att = f32(layer_norm(f32(f32(gemm(ctx, "attn_out")) + x), a["ln1_g"], a["ln1_b"], 1e-12))
    f = f32(gelu(f32(gemm(att, "ffn1"))))
    f = f32(gemm(f, "ffn2"))
    return [layer_norm(f32(f + att), a["ln2_g"], a["ln2_b"], 1e-12)]


def ref_lstm(p, a):
    L, H, T = p["layers"], p["hidden"], p["len"]
    h = [a["h0"][n].copy() for n in range(L)]
    c = [a["c0"][n].copy() for n in range(L)]
    ys = []
    for t in range(T):
        inp = a["x"][t]
        for n in range(L):
            g = inp @ a["w_ih"][n] + h[n] @ a["w_hh"][n] + a["bias"][n]
            i, f, gg, o = sigmoid(g[:, :H]), sigmoid(g[:, H:2 * H]), np.tanh(g[:, 2 * H:3 * H]), sigmoid(g[:, 3 * H:])
            c[n] = f * c[n] + i * gg
            h[n] = o * np.tanh(c[n])
            inp = h[n]
        ys.append(inp)
    return [np.stack(ys), np.stack(h), np.stack(c)]


def ref_effnet(p, a):
    x = a["x"]
    for (name, ci, co, k, s, e, hw) in p["modules"]:
        n = name.lower()
        t = x
        if e != 1:
            t = silu(conv2d(t, a[n + "_expand_w"], a[n + "_expand_b"]))
        t = silu(conv2d(t, a[n + "_dw_w"], a[n + "_dw_b"], stride=s, pad=k // 2, groups=t.shape[1]))
        pooled = t.mean(axis=(2, 3))                                  # [B, C]
        z = silu(pooled @ a[n + "_se1_w"][:, :, 0, 0].T + a[n + "_se1_b"])
        z = sigmoid(z @ a[n + "_se2_w"][:, :, 0, 0].T + a[n + "_se2_b"])
        t = t * z[:, :, None, None]
        t = conv2d(t, a[n + "_proj_w"], a[n + "_proj_b"])
        x = t + x if (s == 1 and ci == co) else t
    return [x]


def ref_gpt2(p, a):
    dt, B, Hd, NH = p["dtype"], p["B"], p["hidden"], p["heads"]
    D = Hd // NH
    r = lambda t: rnd(t, dt)
    qkv = r(r(a["x"] @ a["c_attn_w"]) + a["c_attn_b"])            # [B, 1, 3H]
    q, k, v = (qkv[:, 0, i * Hd:(i + 1) * Hd].reshape(B, NH, 1, D) for i in range(3))
    kk = np.concatenate([a["past_k"], k], axis=2)
    vv = np.concatenate([a["past_v"], v], axis=2)
    s = r(r(q @ kk.transpose(0, 1, 3, 2)) * rnd(1.0 / math.sqrt(D), dt))
    o = r(r(softmax(s)) @ vv)                                      # [B, NH, 1, D]
    o = o.transpose(0, 2, 1, 3).reshape(B, 1, Hd)
    return [r(r(o @ a["c_proj_w"]) + a["c_proj_b"]), kk, vv]


def ref_gemm(p, a):
    return [rnd(a["a"] @ a["b"], p["dtype"])]


def ref_conv_dyn(p, a):
    return [conv2d(a["x"], a["w"], stride=p["stride"], pad=p["kernel"] // 2)]


REFERENCES = {
    "llama3-decode-kv": ref_decode_kv,
    "gemma2-decode-kv": ref_decode_kv,
    "yolo11-c3k2": ref_c3k2,
    "shufflenet-unit": ref_shuffle,
    "efficientvit-attn": ref_evit,
    "bert-layer": ref_bert,
    "lstm-stack": ref_lstm,
    "efficientnet-se": ref_effnet,
    "gpt2-attn-kv": ref_gpt2,
    "bert-gemm-dynamic": ref_gemm,
    "conv-dynamic-batch": ref_conv_dyn,
}
