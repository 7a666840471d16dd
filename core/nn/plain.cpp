#include "nn/plain.hpp"

#include "base/error.hpp"
#include "worlds/table/scene.hpp"

namespace attn::nn {

using table::kKinds;
using table::kTokenWidth;

template <typename T>
Plain<T>::Plain(int hidden)
    : layer0("net.0", kInputs, hidden), layer2("net.2", hidden, hidden), layer4("net.4", hidden, 2) {
    layer0.skip_input_gradient();  // its input is data
    this->own("plain-" + std::to_string(hidden), layer0, layer2, layer4);
}

template <typename T>
const Mat<T>& Plain<T>::forward(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects) {
    this->check_inputs(tokens, request, batch, objects);
    if (objects > kSlots) throw ParamError("objects", "the plain network has only 8 object slots");
    // Only the slots in use and the request: net.0 skips the empty slots' zeros (the same bits).
    const int slots = objects * kSlotWidth;
    columns_.assign({{0, slots}, {kInputs - kKinds, kInputs}});
    layer0.read_columns(columns_);
    ensure_shape(input_, batch, slots + kKinds);
    for (int b = 0; b < batch; ++b) {
        for (int i = 0; i < objects; ++i) {
            input_.row(b).segment(i * kSlotWidth, kTokenWidth) = tokens.row(static_cast<Eigen::Index>(b) * objects + i);
            input_(b, i * kSlotWidth + kTokenWidth) = T(1);  // slot in use
        }
        input_.row(b).tail(kKinds) = request.row(b);
    }
    return layer4.forward(relu3.forward(layer2.forward(relu1.forward(layer0.forward(input_)))));
}

template <typename T>
void Plain<T>::backward(const Mat<T>& d_out) {
    // the inputs are data, so the chain stops at net.0's weights
    layer0.backward(relu1.backward(layer2.backward(relu3.backward(layer4.backward(d_out)))));
}

template class Plain<float>;
template class Plain<double>;

}  // namespace attn::nn
