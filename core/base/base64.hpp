#pragma once
// Base64 (RFC 4648, with padding): how a weights file carries float32 bits in
// JSON text, 4 bytes in under 6 characters where decimals take up to 16.
#include <string>
#include <vector>

namespace attn {

std::string base64_encode(const std::vector<unsigned char>& bytes);

// The bytes of `text`, or false when it is not padded base64 (nothing but the
// alphabet, a length a multiple of 4, at most two '=' at the end).
bool base64_decode(const std::string& text, std::vector<unsigned char>& bytes);

}  // namespace attn
