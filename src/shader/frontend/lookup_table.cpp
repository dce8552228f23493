#include "shader/frontend/lookup_table.h"

#include <array>

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;
using spv::Op;

// Truth tables of the inputs and the constants (bit index a << 2 | b << 1 | c).
constexpr u8 kA = 0xf0;
constexpr u8 kB = 0xcc;
constexpr u8 kC = 0xaa;

enum class Step : u8 { Input, Not, And, Or, Xor };

struct Recipe {
    u32 cost = ~0u;
    Step step = Step::Input;
    u8 left = 0;
    u8 right = 0;
};

// The cheapest tree of operations for each of the 256 functions, by relaxation until nothing
// improves: a tree's cost is its operations, shared subtrees counted once per use (an upper
// bound of what is emitted, since equal subtrees are emitted once).
std::array<Recipe, 256> FindRecipes() {
    std::array<Recipe, 256> best{};
    for (const u8 input : {kA, kB, kC, u8{0x00}, u8{0xff}}) {
        best[input] = {0, Step::Input, input, input};
    }
    for (bool changed = true; changed;) {
        changed = false;
        const auto offer = [&](u8 function, Recipe recipe) {
            if (recipe.cost < best[function].cost) {
                best[function] = recipe;
                changed = true;
            }
        };
        for (u32 f = 0; f < 256; ++f) {
            if (best[f].cost == ~0u) {
                continue;
            }
            const u8 x = static_cast<u8>(f);
            offer(static_cast<u8>(~x), {best[f].cost + 1, Step::Not, x, x});
            for (u32 g = f + 1; g < 256; ++g) {
                if (best[g].cost == ~0u) {
                    continue;
                }
                const u8 y = static_cast<u8>(g);
                const u32 cost = best[f].cost + best[g].cost + 1;
                offer(x & y, {cost, Step::And, x, y});
                offer(x | y, {cost, Step::Or, x, y});
                offer(x ^ y, {cost, Step::Xor, x, y});
            }
        }
    }
    return best;
}

const std::array<Recipe, 256>& Recipes() {
    static const std::array<Recipe, 256> recipes = FindRecipes();
    return recipes;
}

class Builder {
public:
    Builder(Translator& t, Value a, Value b, Value c) : t_(t) {
        made_[kA] = a;
        made_[kB] = b;
        made_[kC] = c;
        made_[0x00] = Value::U32(0);
        made_[0xff] = Value::U32(0xffffffff);
    }

    Value Make(u8 function) {
        if (!made_[function].IsEmpty()) {
            return made_[function];
        }
        const Recipe& recipe = Recipes()[function];
        switch (recipe.step) {
            case Step::Not:
                made_[function] = t_.Spv(Op::OpNot, Type::U32, {Make(recipe.left)});
                break;
            case Step::And:
                made_[function] = Binary(Op::OpBitwiseAnd, recipe);
                break;
            case Step::Or:
                made_[function] = Binary(Op::OpBitwiseOr, recipe);
                break;
            case Step::Xor:
                made_[function] = Binary(Op::OpBitwiseXor, recipe);
                break;
            case Step::Input:
                break;  // made in the constructor
        }
        return made_[function];
    }

private:
    Value Binary(Op op, const Recipe& recipe) {
        return t_.Spv(op, Type::U32, {Make(recipe.left), Make(recipe.right)});
    }

    Translator& t_;
    std::array<Value, 256> made_{};
};

}  // namespace

Value LookupTable(Translator& t, u32 lut, Value a, Value b, Value c) {
    return Builder(t, a, b, c).Make(static_cast<u8>(lut));
}

u32 LookupTableCost(u32 lut) {
    return Recipes()[lut & 0xff].cost;
}

}  // namespace shader::frontend
