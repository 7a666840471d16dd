#include "nn/lookup.hpp"

#include "worlds/table/scene.hpp"

namespace attn::nn {

using table::kKinds;
using table::kTokenWidth;

template <typename T>
Lookup<T>::Lookup()
    : embed_object("embed_object", kTokenWidth, kWidth),
      embed_request("embed_request", kKinds, kWidth),
      attend("attend", kWidth, kHeads),
      out("out", kWidth, 2) {
    embed_object.skip_input_gradient();  // its input is data
    embed_request.skip_input_gradient();  // its input is data
    this->own("lookup", embed_object, embed_request, attend, out);
}

template <typename T>
const Mat<T>& Lookup<T>::forward(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects) {
    this->check_inputs(tokens, request, batch, objects);
    const Mat<T>& keys = embed_object.forward(tokens);      // (B*n, 16)
    const Mat<T>& query = embed_request.forward(request);   // (B, 16)
    const Mat<T>& mixed = attend.forward(query, keys, batch, 1, objects);  // (B, 16)
    return out.forward(mixed);                              // (B, 2)
}

template <typename T>
void Lookup<T>::backward(const Mat<T>& d_out) {
    const Mat<T>& d_mixed = out.backward(d_out);
    attend.backward(d_mixed);
    embed_request.backward(attend.d_query());
    embed_object.backward(attend.d_keyvalue());
}

template class Lookup<float>;
template class Lookup<double>;

}  // namespace attn::nn
