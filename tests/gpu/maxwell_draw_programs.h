#pragma once

// Maxwell programs with their headers (OGD Shader-Program-Header: SPH v3) that the host-GPU draw
// tests and the draw benchmark bind: a vertex program passing a position and a colour on, and
// fragment programs writing that colour or one from constant bank 2.

#include <string>
#include <vector>

#include "header_bits.h"

namespace gpu_test {

// SPH v3 of a vertex program (SphType VTG 1, ShaderType VERTEX 1) reading generic attribute
// vectors 0 and 1 (xyzw) and writing the position (ImapSystemValuesB bits 4-7 of the output
// map at 0x32) and generic vector 0.
inline std::vector<u8> VertexHeader() {
    std::vector<u8> header(0x50, 0);
    SetBits(header, 0, 5, 1);
    SetBits(header, 5, 5, 3);
    SetBits(header, 10, 4, 1);
    header[0x14 + 4] = 0xFF;  // inputs: vectors 0 and 1
    header[0x14 + 5] = 0x0F;  // vector 2 (the instance offset)
    header[0x32 + 3] = 0xF0;  // outputs: position x, y, z, w
    header[0x32 + 4] = 0x0F;  // vector 0
    return header;
}

// SPH v3 of a pixel program (SphType PS 2, ShaderType PIXEL 5) reading generic vector 0
// perspective-interpolated (2 bits a component, PERSPECTIVE 2) and writing render target 0.
inline std::vector<u8> FragmentHeader() {
    std::vector<u8> header(0x50, 0);
    SetBits(header, 0, 5, 2);
    SetBits(header, 5, 5, 3);
    SetBits(header, 10, 4, 5);
    header[0x18] = 0xAA;
    header[0x48] = 0x0F;
    return header;
}

// The vertex program: position xyz from attribute 0 (w 1) plus attribute 2's x (an instance's
// offset, zero where no stream gives it), attribute 1 to generic vector 0.
inline const std::vector<std::string> kVertexProgram = {
    "ALD.64 R0, a[0x80] ;",  "ALD R2, a[0x88] ;",     "ALD.128 R4, a[0x90] ;",
    "ALD R8, a[0xa0] ;",     "FADD R0, R0, R8 ;",     "MOV32I R3, 0x3f800000 ;",
    "AST.128 a[0x70], R0 ;", "AST.128 a[0x80], R4 ;", "EXIT ;",
};
// Fragment programs: the interpolated colour; a colour from constant bank 2.
inline const std::vector<std::string> kColourProgram = {
    "IPA.PASS R0, a[0x80], RZ ;",
    "IPA.PASS R1, a[0x84], RZ ;",
    "IPA.PASS R2, a[0x88], RZ ;",
    "IPA.PASS R3, a[0x8c], RZ ;",
    "EXIT ;",
};
inline const std::vector<std::string> kConstantProgram = {
    "MOV R0, c[0x2][0x0] ;",
    "MOV R1, c[0x2][0x4] ;",
    "MOV R2, c[0x2][0x8] ;",
    "MOV R3, c[0x2][0xc] ;",
    "EXIT ;",
};
}  // namespace gpu_test
