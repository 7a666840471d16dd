#pragma once
// How every `attn` verb reports a failure: one line on stderr naming the
// setting when there is one, and exit status 1.
#include <exception>
#include <iostream>

#include "base/error.hpp"

template <typename F>
int reporting_errors(F body) {
    try {
        return body();
    } catch (const attn::ParamError& e) {
        std::cerr << "error (" << e.param() << "): " << e.what() << "\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
}
