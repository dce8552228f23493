// SIMD&FP registers in a region, and their loads and stores (Arm ARM C6.2: LDR/STR/LDUR/STUR
// (SIMD&FP) of B, H, S, D and Q with every addressing mode, LDR (literal, SIMD&FP), LDP/STP/
// LDNP/STNP (SIMD&FP) of S, D and Q).

#include "cpu/llvm/translator.h"

namespace cpu::llvm_tier {

Value* Translator::VScalar(unsigned index, unsigned bits) {
    auto* i128 = builder_.getIntNTy(128);
    Value* whole = builder_.CreateBitCast(builder_.CreateLoad(VectorType(), vregs_[index]), i128);
    return bits == 128 ? whole : builder_.CreateTrunc(whole, builder_.getIntNTy(bits));
}

void Translator::SetVScalar(unsigned index, Value* value) {
    Value* whole = builder_.CreateZExtOrBitCast(value, builder_.getIntNTy(128));
    builder_.CreateStore(builder_.CreateBitCast(whole, VectorType()), vregs_[index]);
}

Value* Translator::VLanes(unsigned index, unsigned lane_bits, bool full) {
    const unsigned count = 128 / lane_bits;
    auto* type = llvm::FixedVectorType::get(builder_.getIntNTy(lane_bits), count);
    Value* lanes = builder_.CreateBitCast(builder_.CreateLoad(VectorType(), vregs_[index]), type);
    if (full) {
        return lanes;
    }
    llvm::SmallVector<int, 16> low;
    for (unsigned lane = 0; lane < count / 2; ++lane) {
        low.push_back(static_cast<int>(lane));
    }
    return builder_.CreateShuffleVector(lanes, low);
}

void Translator::SetVLanes(unsigned index, Value* lanes) {
    auto* type = llvm::cast<llvm::FixedVectorType>(lanes->getType());
    const unsigned count = type->getNumElements();
    if (type->getPrimitiveSizeInBits() == 64) {
        // The upper 64 bits of the register are cleared: lanes, then as many zero lanes.
        llvm::SmallVector<int, 16> widen;
        for (unsigned lane = 0; lane < 2 * count; ++lane) {
            widen.push_back(static_cast<int>(lane));
        }
        lanes = builder_.CreateShuffleVector(lanes, llvm::Constant::getNullValue(type), widen);
    }
    builder_.CreateStore(builder_.CreateBitCast(lanes, VectorType()), vregs_[index]);
}

// One SIMD&FP register access of 2^scale bytes; a load clears the register's bits above it.
void Translator::AccessVector(unsigned scale, bool load, unsigned rt, Value* address) {
    const unsigned bytes = 1u << scale;
    if (load) {
        SetVScalar(rt, Load(address, bytes));
    } else {
        Store(address, VScalar(rt, bytes * 8));
    }
}

void Translator::EmitVectorLoadStorePair() {
    const unsigned scale = 2 + F(30, 2);  // opc: S, D, Q
    const bool load = F(22, 1) != 0;
    const unsigned bytes = 1u << scale;
    const unsigned rt = Rd();
    const unsigned rt2 = F(10, 5);
    const PairAddresses pair = PairAddressesOf();
    if (load) {
        // Both read before either register is written: a fault on the second changes nothing.
        Value* first_value = Load(pair.first, bytes);
        Value* second_value = Load(pair.second, bytes);
        SetVScalar(rt, first_value);
        SetVScalar(rt2, second_value);
    } else {
        Store(pair.first, VScalar(rt, bytes * 8));
        Store(pair.second, VScalar(rt2, bytes * 8));
    }
    WriteBackPairBase(pair);
}

}  // namespace cpu::llvm_tier
