#include "nn/transformer.hpp"

#include "worlds/table/scene.hpp"

namespace attn::nn {

using table::kKinds;
using table::kTokenWidth;

template <typename T>
Transformer<T>::Transformer(int layer_count)
    : embed_object("embed_object", kTokenWidth, kWidth),
      embed_request("embed_request", kKinds, kWidth),
      out("out", kWidth, 2) {
    embed_object.skip_input_gradient();  // its input is data
    embed_request.skip_input_gradient();  // its input is data
    this->name_ = "transformer-" + std::to_string(layer_count);
    for (int i = 0; i < layer_count; ++i)
        layers.emplace_back("encoder.layers." + std::to_string(i), kWidth, kHeads, kFeedforward);
    embed_object.collect(this->params_);
    embed_request.collect(this->params_);
    for (auto& layer : layers) layer.collect(this->params_);
    out.collect(this->params_);
}

template <typename T>
void Transformer<T>::init_default(Rng& rng) {
    embed_object.init_default(rng);
    embed_request.init_default(rng);
    layers[0].init_default(rng);
    for (std::size_t i = 1; i < layers.size(); ++i) layers[i].copy_weights_from(layers[0]);
    out.init_default(rng);
}

template <typename T>
const Mat<T>& Transformer<T>::forward(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects) {
    return run(tokens, request, batch, objects, false);
}

template <typename T>
const Mat<T>& Transformer<T>::forward_for_training(const Mat<T>& tokens, const Mat<T>& request, int batch,
                                                   int objects) {
    return run(tokens, request, batch, objects, true);
}

template <typename T>
const Mat<T>& Transformer<T>::run(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects,
                                  bool answers_only) {
    this->check_inputs(tokens, request, batch, objects);
    answers_only_ = answers_only;
    batch_ = batch;
    length_ = objects + 1;
    const Mat<T>& req = embed_request.forward(request);  // (B, 32)
    const Mat<T>& obj = embed_object.forward(tokens);    // (B*n, 32)
    ensure_shape(sequence_, static_cast<Eigen::Index>(batch) * length_, kWidth);
    for (int b = 0; b < batch; ++b) {  // scene b: its request token, then its objects
        const Eigen::Index row = static_cast<Eigen::Index>(b) * length_;
        sequence_.row(row) = req.row(b);
        sequence_.middleRows(row + 1, objects) = obj.middleRows(static_cast<Eigen::Index>(b) * objects, objects);
    }
    const Mat<T>* x = &sequence_;
    const std::size_t full = answers_only ? layers.size() - 1 : layers.size();
    for (std::size_t i = 0; i < full; ++i) x = &layers[i].forward(*x, batch, length_);
    if (answers_only) return out.forward(layers.back().forward_first(*x, batch, length_));  // (B, 2)
    ensure_shape(first_, batch, kWidth);
    for (int b = 0; b < batch; ++b) first_.row(b) = x->row(static_cast<Eigen::Index>(b) * length_);
    return out.forward(first_);  // (B, 2)
}

template <typename T>
void Transformer<T>::backward(const Mat<T>& d_out) {
    const int objects = length_ - 1;
    const Mat<T>& d_first = out.backward(d_out);  // (B, 32)
    const Mat<T>* dx = &d_first;  // after forward_for_training, the last layer's (B, 32)
    if (!answers_only_) {  // only the request token's place reaches the answer
        ensure_shape(d_encoded_, static_cast<Eigen::Index>(batch_) * length_, kWidth);
        d_encoded_.setZero();
        for (int b = 0; b < batch_; ++b) d_encoded_.row(static_cast<Eigen::Index>(b) * length_) = d_first.row(b);
        dx = &d_encoded_;
    }
    for (auto layer = layers.rbegin(); layer != layers.rend(); ++layer) dx = &layer->backward(*dx);
    // split the sequence's gradient back into the request and the objects
    ensure_shape(d_request_, batch_, kWidth);
    ensure_shape(d_objects_, static_cast<Eigen::Index>(batch_) * objects, kWidth);
    for (int b = 0; b < batch_; ++b) {
        const Eigen::Index row = static_cast<Eigen::Index>(b) * length_;
        d_request_.row(b) = dx->row(row);
        d_objects_.middleRows(static_cast<Eigen::Index>(b) * objects, objects) = dx->middleRows(row + 1, objects);
    }
    embed_request.backward(d_request_);
    embed_object.backward(d_objects_);
}

template class Transformer<float>;
template class Transformer<double>;

}  // namespace attn::nn
