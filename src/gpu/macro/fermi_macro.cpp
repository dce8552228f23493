#include "gpu/macro/fermi_macro.h"

#include <array>

#include "gpu/macro/macro_runner.h"

namespace gpu::macro {

bool IsDefinedFermiAluOp(u32 op) {
    return op <= 3 || (op >= 8 && op <= 12);
}

namespace {

u32 FieldMask(u32 size) {
    return (u32{1} << size) - 1;  // size is a 5-bit field
}

// Shifts from registers can reach 2^32 - 1; Mesa's simulator, checked against hardware with
// a shift of 51, gives 0 when either shift is past bit 31.
u32 ShiftedField(u32 value, u32 shift_right, u32 size, u32 shift_left) {
    if (shift_right > 31 || shift_left > 31) {
        return 0;
    }
    return ((value >> shift_right) & FieldMask(size)) << shift_left;
}

class FermiMachine {
public:
    explicit FermiMachine(MacroRunner& runner) : runner_(runner) {
        regs_[1] = runner.FetchParameter(runner.Start());
    }

    void Run() {
        u32 pc = runner_.Start();
        while (!runner_.Stopped()) {
            const Step step = Execute(pc, false);
            if (runner_.Stopped()) {
                return;
            }
            switch (step.flow) {
                case Flow::Next:
                    ++pc;
                    break;
                case Flow::Jump:
                    pc = step.target;
                    break;
                case Flow::DelayedJump:
                    Execute(pc + 1, true);
                    pc = step.target;
                    break;
                case Flow::ExitAfterDelaySlot:
                    Execute(pc + 1, true);
                    runner_.Exit();
                    return;
            }
        }
    }

private:
    enum class Flow { Next, Jump, DelayedJump, ExitAfterDelaySlot };
    struct Step {
        Flow flow = Flow::Next;
        u32 target = 0;
    };

    Step Execute(u32 pc, bool delay_slot) {
        const std::span<const u32> code = runner_.Code();
        if (pc >= code.size()) {
            runner_.Stop(MacroExit::CodeOutOfRange, pc,
                         "instruction {:#x} is past the {:#x}-word "
                         "instruction RAM",
                         pc, code.size());
            return {};
        }
        if (!runner_.CountInstruction(pc)) {
            return {};
        }
        const FermiInstruction in{code[pc]};
        if (in.Op() == FermiOp::Branch) {
            return Branch(in, pc, delay_slot);
        }
        u32 result = 0;
        const u32 a = regs_[in.SrcA()];
        const u32 b = regs_[in.SrcB()];
        switch (in.Op()) {
            case FermiOp::Alu:
                if (!IsDefinedFermiAluOp(in.AluOp())) {
                    runner_.Stop(MacroExit::IllegalInstruction, pc,
                                 "{:08x}: ALU operation {} is not defined", in.raw, in.AluOp());
                    return {};
                }
                result = Alu(static_cast<FermiAluOp>(in.AluOp()), a, b);
                break;
            case FermiOp::AddImmediate:
                // Leaves the carry alone (Mesa's add_imm_carry hardware test).
                result = a + static_cast<u32>(in.Immediate());
                break;
            case FermiOp::Merge:
                result = (a & ~(FieldMask(in.Size()) << in.DstBit())) |
                         (((b >> in.SrcBit()) & FieldMask(in.Size())) << in.DstBit());
                break;
            case FermiOp::BfeLslImm:
                result = ShiftedField(b, a, in.Size(), in.DstBit());
                break;
            case FermiOp::BfeLslReg:
                result = ShiftedField(b, in.SrcBit(), in.Size(), a);
                break;
            case FermiOp::State:
                // The read address is 16 bits of bytes (Mesa's simulator), hence the mask.
                result = runner_.State((a + static_cast<u32>(in.Immediate())) & 0x3FFF, pc);
                break;
            case FermiOp::Undefined6:
            case FermiOp::Branch:
                runner_.Stop(MacroExit::IllegalInstruction, pc,
                             "{:08x}: operation 6 is not defined", in.raw);
                return {};
        }
        Assign(in, result, pc);
        // An exit in a delay slot does not end the macro (yuzu's interpreter).
        if (in.Exit() && !delay_slot) {
            return {Flow::ExitAfterDelaySlot};
        }
        return {};
    }

    Step Branch(FermiInstruction in, u32 pc, bool delay_slot) {
        if (delay_slot) {
            runner_.Stop(MacroExit::IllegalInstruction, pc,
                         "{:08x}: a branch in a delay slot is not defined", in.raw);
            return {};
        }
        const u32 value = regs_[in.SrcA()];
        const bool taken = in.BranchIfNotZero() ? value != 0 : value == 0;
        if (taken) {
            const u32 target = pc + static_cast<u32>(in.Immediate());
            return {in.BranchAnnulled() ? Flow::Jump : Flow::DelayedJump, target};
        }
        if (in.Exit()) {
            return {Flow::ExitAfterDelaySlot};
        }
        return {};
    }

    // The carry is the carry out of ADD/ADDC and the borrow out of SUB/SUBB, as Mesa's
    // simulator (checked against hardware on 64-bit add and subtract chains) keeps it.
    u32 Alu(FermiAluOp op, u32 a, u32 b) {
        const u64 carry = carry_ ? 1 : 0;
        switch (op) {
            case FermiAluOp::Add:
            case FermiAluOp::AddWithCarry: {
                const u64 sum = u64{a} + b + (op == FermiAluOp::AddWithCarry ? carry : 0);
                carry_ = sum >> 32;
                return static_cast<u32>(sum);
            }
            case FermiAluOp::Subtract:
            case FermiAluOp::SubtractWithBorrow: {
                const u64 subtrahend = u64{b} + (op == FermiAluOp::SubtractWithBorrow ? carry : 0);
                carry_ = u64{a} < subtrahend;
                return static_cast<u32>(u64{a} - subtrahend);
            }
            case FermiAluOp::Xor:
                return a ^ b;
            case FermiAluOp::Or:
                return a | b;
            case FermiAluOp::And:
                return a & b;
            case FermiAluOp::AndNot:
                return a & ~b;
            case FermiAluOp::Nand:
                return ~(a & b);
        }
        return 0;
    }

    void Assign(FermiInstruction in, u32 result, u32 pc) {
        switch (in.Assign()) {
            case FermiAssign::Fetch:
                SetRegister(in.Dst(), runner_.FetchParameter(pc));
                break;
            case FermiAssign::Move:
                SetRegister(in.Dst(), result);
                break;
            case FermiAssign::MoveSetMethod:
                SetRegister(in.Dst(), result);
                method_address_ = result;
                break;
            case FermiAssign::FetchSend:
                SetRegister(in.Dst(), runner_.FetchParameter(pc));
                Send(result);
                break;
            case FermiAssign::MoveSend:
                SetRegister(in.Dst(), result);
                Send(result);
                break;
            case FermiAssign::FetchSetMethod:
                SetRegister(in.Dst(), runner_.FetchParameter(pc));
                method_address_ = result;
                break;
            case FermiAssign::MoveSetMethodFetchSend:
                SetRegister(in.Dst(), result);
                method_address_ = result;
                Send(runner_.FetchParameter(pc));
                break;
            case FermiAssign::MoveSetMethodSendHigh:
                SetRegister(in.Dst(), result);
                method_address_ = result;
                Send((result >> 12) & 0x3F);
                break;
        }
    }

    void SetRegister(u32 index, u32 value) {
        if (index != 0) {
            regs_[index] = value;
        }
    }

    // The method address register: method 11:0, increment 17:12 (yuzu's MethodAddress).
    void Send(u32 value) {
        const u32 method = method_address_ & 0xFFF;
        const u32 increment = (method_address_ >> 12) & 0x3F;
        runner_.Emit(method, value);
        method_address_ = (method_address_ & ~u32{0xFFF}) | ((method + increment) & 0xFFF);
    }

    MacroRunner& runner_;
    std::array<u32, 8> regs_{};
    bool carry_ = false;
    u32 method_address_ = 0;
};

}  // namespace

void RunFermiMacro(MacroRunner& runner) {
    FermiMachine(runner).Run();
}

}  // namespace gpu::macro
