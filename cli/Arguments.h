// Reading a subcommand's options: "--name value" or "--name=value", and
// numbers with bounds. Usage errors are printed here and reported as
// std::nullopt, so each command says "exit 2" once.
#pragma once

#include <charconv>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace opcheck::cli {

class ArgumentReader {
 public:
  explicit ArgumentReader(const std::vector<std::string>& arguments) : arguments_(arguments) {}

  bool done() const { return index_ >= arguments_.size(); }

  // The next argument; an option's "=value" is kept for value().
  std::string next() {
    std::string argument = arguments_[index_++];
    attached_.reset();
    if (argument.rfind("--", 0) == 0 && argument.find('=') != std::string::npos) {
      attached_ = argument.substr(argument.find('=') + 1);
      argument = argument.substr(0, argument.find('='));
    }
    option_ = argument;
    return argument;
  }

  // The "=value" attached to the option just read, if any: for options whose
  // value is optional.
  const std::optional<std::string>& attached() const { return attached_; }

  // The argument next() would return, without taking it; null when done.
  const std::string* peek() const { return done() ? nullptr : &arguments_[index_]; }

  // The value of the option just read, or nothing (and a message).
  std::optional<std::string> value() {
    if (attached_) {
      return attached_;
    }
    if (index_ < arguments_.size()) {
      return arguments_[index_++];
    }
    std::cerr << "opcheck: error: " << option_ << " needs a value\n";
    return std::nullopt;
  }

  // A whole number in [MINIMUM, MAXIMUM] as the option's value.
  template <typename Number>
  std::optional<Number> number(Number minimum, Number maximum, const char* meaning) {
    const std::optional<std::string> text = value();
    Number parsed{};
    if (text) {
      const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), parsed);
      if (error == std::errc() && end == text->data() + text->size() && parsed >= minimum &&
          parsed <= maximum) {
        return parsed;
      }
    }
    std::cerr << "opcheck: error: " << option_ << " takes " << meaning << "\n";
    return std::nullopt;
  }

 private:
  const std::vector<std::string>& arguments_;
  std::size_t index_ = 0;
  std::optional<std::string> attached_;
  std::string option_;
};

}  // namespace opcheck::cli
