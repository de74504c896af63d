# tirx prelude: tvm.backend.cuda.cpp.descriptors -- tcgen05 descriptors folded
# at parse time into integer constants.
#
#   encode_smem_descriptor_base_uint64(ldo, sdo, swizzle)
#       the shared-memory matrix descriptor without its address: leading and
#       stride byte offsets (16-byte units), version 1, the layout of the
#       swizzle (0 none, 1 32B, 2 64B, 3 128B, 4 128B with 32B base)
#   encode_instr_descriptor_dense_uint32(M, N, K, d_dtype, a_dtype, b_dtype,
#       trans_a, trans_b, cta_group=1, neg_a=False, neg_b=False, sat_d=False,
#       is_sparse=False)
#   encode_instr_descriptor_block_scaled_uint32(M, N, K, d_dtype, a_dtype,
#       b_dtype, sf_dtype, trans_a, trans_b, cta_group=1, neg_a=False,
#       neg_b=False, is_sparse=False)
#       the MMA instruction descriptors; the dtype combination and the shape
#       are checked the way TVM 0.27 checks them (a ValueError otherwise)
import tvm

# operand/accumulator format codes of the instruction descriptor
_FORMAT = {
    "float16": 0, "bfloat16": 1, "tensor_float32": 2, "tf32": 2,
    "float8_e4m3fn": 0, "float8_e4m3fnuz": 0, "float8_e5m2": 1,
    "float6_e2m3fn": 3, "float6_e3m2fn": 4, "float4_e2m1fn": 5,
    "uint8": 0, "int8": 1, "float32": 1, "int32": 2,
}
_SF_FORMAT = {"float8_e4m3fn": 0, "float8_e4m3fnuz": 0, "float8_e8m0fnu": 1}
_SMEM_LAYOUT = {0: 0, 1: 6, 2: 4, 3: 2, 4: 1}

_F8 = ("float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float6_e2m3fn", "float6_e3m2fn", "float4_e2m1fn")
_E8M0 = ("float8_e8m0fnu",)
_E4M3 = ("float8_e4m3fn", "float8_e4m3fnuz")
_TRANSPOSABLE = ("float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "int8", "uint8", "float16", "bfloat16",
                 "tensor_float32", "tf32")

# (kind, accumulators, A types, B types, scale-factor types or None)
_KINDS = (
    ("f16", ("float16",), ("float16",), ("float16",), None),
    ("f16", ("float32",), ("float16", "bfloat16"), ("float16", "bfloat16"), None),
    ("tf32", ("float32",), ("tensor_float32", "tf32"), ("tensor_float32", "tf32"), None),
    ("i8", ("int32",), ("int8", "uint8"), ("int8", "uint8"), None),
    ("f8f6f4", ("float32", "float16"), _F8, _F8, None),
    ("mxf4", ("float32",), ("float4_e2m1fn",), ("float4_e2m1fn",), _E8M0),
    ("mxf4nvf4", ("float32",), ("float4_e2m1fn",), ("float4_e2m1fn",), _E4M3),
    ("mxf8f6f4", ("float32",), _F8, _F8, _E8M0),
)

# (kinds, cta_group, {M: N step}, extra N values)
_SHAPES = (
    (("f16", "tf32", "f8f6f4"), 1, {64: 8, 128: 16}, ()),
    (("f16", "tf32", "f8f6f4"), 2, {128: 32, 256: 32}, ()),
    (("i8",), 1, {64: 16, 128: 16}, (8, 24)),
    (("i8",), 2, {128: 32, 256: 32}, ()),
    (("mxf8f6f4", "mxf4", "mxf4nvf4"), 1, {128: 8}, ()),
    (("mxf8f6f4", "mxf4", "mxf4nvf4"), 2, {128: 16, 256: 16}, ()),
)

# K of one MMA: (dense, sparse)
_K = {"f16": (16, 32), "tf32": (8, 16), "f8f6f4": (32, 64), "i8": (32, 64), "mxf8f6f4": (32, 64),
      "mxf4": (64, 128), "mxf4nvf4": (64, 128)}

_BLOCK_SCALED = ("mxf8f6f4", "mxf4", "mxf4nvf4")


def _name(dtype):
    return str(tvm.DataType(dtype))


def _kind(d, a, b, sf):
    for kind, ds, as_, bs, sfs in _KINDS:
        if d not in ds or a not in as_ or b not in bs:
            continue
        if (sfs is None) != (sf is None):
            continue
        if sfs is not None and sf not in sfs:
            continue
        return kind
    raise ValueError(f"tcgen05 MMA: no MMA kind takes d={d}, a={a}, b={b}, scale={sf}")


def _check_shape(kind, cta_group, m, n, k, is_sparse):
    where = f"tcgen05 MMA ({kind}, cta_group={cta_group}, sparse={is_sparse}): invalid shape M={m} N={n} K={k}"
    found = False
    for kinds, cg, steps, extra in _SHAPES:
        if kind not in kinds or cg != cta_group:
            continue
        found = True
        if kind in _BLOCK_SCALED and cta_group == 2 and is_sparse and m != 256:
            raise ValueError(where)
        if m not in steps:
            raise ValueError(where)
        step = steps[m]
        if n not in extra and not (step <= n and n <= 256 and n % step == 0):
            raise ValueError(where)
        break
    if not found:
        raise ValueError(where)
    want = _K[kind][1] if is_sparse else _K[kind][0]
    k96 = (not is_sparse) and kind in ("mxf4", "mxf4nvf4") and ((cta_group, m) in ((1, 128), (2, 256))) and k == 96
    if k != want and not k96:
        raise ValueError(where)


def _check_trans(a, b, trans_a, trans_b):
    if trans_a and a not in _TRANSPOSABLE:
        raise ValueError(f"tcgen05 MMA: A of type {a} cannot be MN-major (trans_a)")
    if trans_b and b not in _TRANSPOSABLE:
        raise ValueError(f"tcgen05 MMA: B of type {b} cannot be MN-major (trans_b)")


def _shared_bits(M, N, a_format, b_format, trans_a, trans_b, neg_a, neg_b, is_sparse):
    bits = (int(is_sparse) & 1) << 2
    bits = bits | ((a_format & 7) << 7) | ((b_format & 7) << 10)
    bits = bits | ((int(neg_a) & 1) << 13) | ((int(neg_b) & 1) << 14)
    bits = bits | ((int(trans_a) & 1) << 15) | ((int(trans_b) & 1) << 16)
    bits = bits | (((N >> 3) & 63) << 17) | (((M >> 4) & 31) << 24)
    return bits


def encode_instr_descriptor_dense_uint32(M, N, K, d_dtype, a_dtype, b_dtype, trans_a, trans_b, cta_group=1,
                                         neg_a=False, neg_b=False, sat_d=False, is_sparse=False):
    d = _name(d_dtype)
    a = _name(a_dtype)
    b = _name(b_dtype)
    kind = _kind(d, a, b, None)
    if kind not in ("f16", "tf32", "f8f6f4", "i8"):
        raise ValueError(f"encode_instr_descriptor_dense_uint32: {kind} is a block-scaled kind")
    _check_shape(kind, cta_group, int(M), int(N), int(K), is_sparse)
    _check_trans(a, b, trans_a, trans_b)
    bits = _shared_bits(M, N, _FORMAT[a], _FORMAT[b], trans_a, trans_b, neg_a, neg_b, is_sparse)
    bits = bits | ((int(sat_d) & 1) << 3) | ((_FORMAT[d] & 3) << 4)
    return bits & 0xFFFFFFFF


def encode_instr_descriptor_block_scaled_uint32(M, N, K, d_dtype, a_dtype, b_dtype, sf_dtype, trans_a, trans_b,
                                                cta_group=1, neg_a=False, neg_b=False, is_sparse=False):
    d = _name(d_dtype)
    a = _name(a_dtype)
    b = _name(b_dtype)
    sf = _name(sf_dtype)
    kind = _kind(d, a, b, sf)
    _check_shape(kind, cta_group, int(M), int(N), int(K), is_sparse)
    _check_trans(a, b, trans_a, trans_b)
    if kind == "mxf8f6f4":
        af = _FORMAT[a]
        bf = _FORMAT[b]
    else:
        af = 1
        bf = 1
    bits = _shared_bits(M, N, af, bf, trans_a, trans_b, neg_a, neg_b, is_sparse)
    bits = bits | ((_SF_FORMAT[sf] & 1) << 23)
    if int(K) == 96:
        bits = bits | (1 << 31)
    return bits & 0xFFFFFFFF


def encode_smem_descriptor_base_uint64(ldo, sdo, swizzle):
    bits = ((int(ldo) & 0x3FFF) << 16) | ((int(sdo) & 0x3FFF) << 32) | (1 << 46)
    return bits | ((_SMEM_LAYOUT[int(swizzle)] & 7) << 61)
