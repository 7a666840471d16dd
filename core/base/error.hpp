#pragma once
// Errors that reach the learner as a sentence, never as an abort.
#include <stdexcept>
#include <string>

namespace attn {

// A parameter the learner gave cannot be used. `param` names it so the page
// can put the message beside that control; it is empty for whole-input errors.
class ParamError : public std::runtime_error {
public:
    ParamError(std::string param, const std::string& message)
        : std::runtime_error(message), param_(std::move(param)) {}
    const std::string& param() const { return param_; }

private:
    std::string param_;
};

// A file the learner gave cannot be loaded: a ParamError on `file` ("weights",
// "summary") that says "cannot load the <file>: <why>".
[[noreturn]] inline void refuse_file(const std::string& file, const std::string& why) {
    throw ParamError(file, "cannot load the " + file + ": " + why);
}

// The input is well-formed but the computation cannot give a meaningful answer
// (for example a query that every key is hidden from).
class ComputeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace attn
