#include "cat/CatReader.h"

#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "CatLexer.h"
#include "CatParser.h"
#include "cat/BaseNames.h"
#include "cat/TypeCheck.h"
#include "litmus/Diagnostic.h"
#include "litmus/FileReading.h"
#include "litmus/Limits.h"
#include "parser/SyntaxErrorListener.h"

namespace opcheck::cat {

namespace {

namespace fs = std::filesystem;
using litmus::SourcePosition;

// herd's include depth has no bound; a cycle of includes would never end.
constexpr int kMaxIncludeDepth = 16;

SourcePosition positionOf(const antlr4::Token* token) {
  return {static_cast<std::uint32_t>(token->getLine()),
          static_cast<std::uint32_t>(token->getCharPositionInLine() + 1)};
}

// The text of CTX as written.
std::string textOf(antlr4::ParserRuleContext* ctx, const std::string& text) {
  const std::size_t start = ctx->getStart()->getStartIndex();
  const std::size_t stop = ctx->getStop()->getStopIndex();
  return stop >= start && stop < text.size() ? text.substr(start, stop - start + 1) : ctx->getText();
}

// A name a cat model can define: the built-in functions are shadowed by a
// user's definition of the same name.
enum class Builtin { None, Domain, Range };

Builtin builtinOf(const std::string& name) {
  if (name == "domain") {
    return Builtin::Domain;
  }
  if (name == "range") {
    return Builtin::Range;
  }
  return Builtin::None;
}

class Builder {
 public:
  explicit Builder(CatProgram& program) : program_(program) {
    program_.readsBase.assign(kBaseCount, false);
    for (std::size_t base = 0; base < kBaseCount; ++base) {
      newSlot(std::string(kBaseNames[base]));
    }
  }

  void readText(const std::string& text, const std::string& file, int depth, bool top) {
    antlr4::ANTLRInputStream input(text);
    CatLexer lexer(&input);
    parser::SyntaxErrorListener listener(file, CatLexer::UNCLOSED_COMMENT);
    lexer.removeErrorListeners();
    lexer.addErrorListener(&listener);
    antlr4::CommonTokenStream tokens(&lexer);
    CatParser parser(&tokens);
    parser.removeErrorListeners();
    parser.addErrorListener(&listener);
    CatParser::ModelContext* model = parser.model();
    if (CatParser::TitleContext* title = model->title()) {
      if (top) {
        const std::string word = title->getStart()->getText();
        program_.title = word.size() >= 2 && word.front() == '"' ? word.substr(1, word.size() - 2) : word;
        for (CatParser::HeaderWordContext* header : title->headerWord()) {
          program_.withco = header->WITHCO() != nullptr;
        }
      }
    }
    for (CatParser::StatementContext* statement : model->statement()) {
      addStatement(statement, text, file, depth);
    }
  }

 private:
  std::size_t newSlot(const std::string& name) {
    program_.slotNames.push_back(name);
    isFunction_.push_back(false);
    return program_.slots++;
  }

  void addStatement(CatParser::StatementContext* ctx, const std::string& text, const std::string& file,
                    int depth) {
    if (auto* let = dynamic_cast<CatParser::LetContext*>(ctx)) {
      Statement statement{Statement::Kind::Let, {}, 0, false};
      // `let a = e and b = f`: each body sees the names before the statement.
      std::vector<std::pair<std::string, Binding>> bound;
      for (CatParser::BindingContext* binding : let->binding()) {
        bound.emplace_back(binding->NAME(0)->getText(), bind(binding, file, std::nullopt));
      }
      for (auto& [name, binding] : bound) {
        binding.slot = newSlot(name);
        isFunction_[binding.slot] = binding.expression == nullptr;
        scope_[name] = binding.slot;
        statement.bindings.push_back(std::move(binding));
      }
      program_.statements.push_back(std::move(statement));
      return;
    }
    if (auto* letRec = dynamic_cast<CatParser::LetRecContext*>(ctx)) {
      Statement statement{Statement::Kind::LetRec, {}, 0, false};
      std::vector<std::size_t> slots;
      for (CatParser::BindingContext* binding : letRec->binding()) {
        if (binding->NAME().size() > 1) {
          litmus::fail(file, positionOf(binding->getStart()),
                       "a function in 'let rec' is not supported (only relations and sets)");
        }
        const std::string name = binding->NAME(0)->getText();
        slots.push_back(newSlot(name));
        scope_[name] = slots.back();
      }
      for (std::size_t at = 0; at < slots.size(); ++at) {
        Binding binding = bind(letRec->binding(at), file, std::nullopt);
        binding.slot = slots[at];
        statement.bindings.push_back(std::move(binding));
      }
      program_.statements.push_back(std::move(statement));
      return;
    }
    if (auto* check = dynamic_cast<CatParser::CheckStatementContext*>(ctx)) {
      Check result;
      result.kind = check->check()->ACYCLIC() != nullptr       ? CheckKind::Acyclic
                    : check->check()->IRREFLEXIVE() != nullptr ? CheckKind::Irreflexive
                                                               : CheckKind::Empty;
      result.negated = check->NOT() != nullptr;
      result.flag = check->FLAG() != nullptr;
      result.expression = expression(check->expression(), file);
      result.statement = textOf(check, text);
      if (check->AS() != nullptr) {
        result.name = check->NAME()->getText();
        const std::size_t as = result.statement.rfind(" as ");
        if (as != std::string::npos) {
          result.statement.resize(as);
        }
      } else {
        result.name = result.statement;
      }
      if (result.flag && check->AS() == nullptr) {
        litmus::fail(file, positionOf(check->getStart()), "a flag needs a name ('flag ~empty r as NAME')");
      }
      program_.statements.push_back({Statement::Kind::Check, {}, program_.checks.size(), false});
      program_.checks.push_back(std::move(result));
      return;
    }
    if (auto* include = dynamic_cast<CatParser::IncludeContext*>(ctx)) {
      const std::string quoted = include->STRING()->getText();
      const fs::path path = fs::path(file).parent_path() / quoted.substr(1, quoted.size() - 2);
      if (depth >= kMaxIncludeDepth) {
        litmus::fail(file, positionOf(include->getStart()),
                     "includes nest deeper than " + std::to_string(kMaxIncludeDepth) + " files (a cycle?)");
      }
      std::error_code error;
      if (!fs::is_regular_file(path, error)) {
        litmus::fail(file, positionOf(include->STRING()->getSymbol()),
                     "cannot include " + quoted + ": no such file " + path.string());
      }
      readText(litmus::readFileUpTo(path, litmus::kMaxFileBytes, "cat files"), path.string(), depth + 1,
               false);
      return;
    }
    if (auto* show = dynamic_cast<CatParser::ShowAsContext*>(ctx)) {
      // Pictures draw the relations of the broken check; `show` adds nothing.
      (void)expression(show->expression(), file);
      return;
    }
    if (auto* shown = dynamic_cast<CatParser::ShowNamesContext*>(ctx)) {
      for (antlr4::tree::TerminalNode* name : shown->NAME()) {
        (void)lookUp(name->getText(), positionOf(name->getSymbol()), file);
      }
      return;
    }
  }

  // A binding's body; a function's parameters are slots seen only inside it.
  Binding bind(CatParser::BindingContext* ctx, const std::string& file, std::optional<std::size_t> slot) {
    Binding binding;
    binding.slot = slot.value_or(0);
    if (ctx->NAME().size() == 1) {
      binding.expression = expression(ctx->expression(), file);
      return binding;
    }
    Function function;
    function.name = ctx->NAME(0)->getText();
    const std::map<std::string, std::size_t> outer = scope_;
    for (std::size_t at = 1; at < ctx->NAME().size(); ++at) {
      const std::string parameter = ctx->NAME(at)->getText();
      function.parameters.push_back(newSlot(parameter));
      scope_[parameter] = function.parameters.back();
    }
    function.body = expression(ctx->expression(), file);
    scope_ = outer;
    binding.function = program_.functions.size();
    program_.functions.push_back(std::move(function));
    return binding;
  }

  std::size_t lookUp(const std::string& name, SourcePosition position, const std::string& file) {
    if (const auto found = scope_.find(name); found != scope_.end()) {
      return found->second;
    }
    if (const std::optional<Base> base = findBase(name)) {
      program_.readsBase[static_cast<std::size_t>(*base)] = true;
      return static_cast<std::size_t>(*base);
    }
    litmus::fail(file, position, "unknown name '" + name + "' (docs/cat.md lists the base names)");
  }

  ExpressionPtr node(Expression::Kind kind, antlr4::ParserRuleContext* ctx, const std::string& file) {
    auto result = std::make_unique<Expression>();
    result->kind = kind;
    result->position = positionOf(ctx->getStart());
    result->file = file;
    return result;
  }

  ExpressionPtr expression(CatParser::ExpressionContext* ctx, const std::string& file) {
    using Kind = Expression::Kind;
    if (auto* name = dynamic_cast<CatParser::NameContext*>(ctx)) {
      ExpressionPtr result = node(Kind::Slot, ctx, file);
      result->slot = lookUp(name->NAME()->getText(), result->position, file);
      if (isFunction_[result->slot]) {
        litmus::fail(file, result->position,
                     "'" + name->NAME()->getText() + "' is a function: call it with arguments");
      }
      return result;
    }
    if (dynamic_cast<CatParser::EmptyRelationContext*>(ctx) != nullptr) {
      return node(Kind::Empty, ctx, file);
    }
    if (auto* inner = dynamic_cast<CatParser::ParenthesizedContext*>(ctx)) {
      return expression(inner->expression(), file);
    }
    if (auto* complement = dynamic_cast<CatParser::ComplementContext*>(ctx)) {
      return unary(Kind::Complement, ctx, complement->expression(), file);
    }
    if (auto* identity = dynamic_cast<CatParser::IdentityOnContext*>(ctx)) {
      return unary(Kind::IdentityOn, ctx, identity->expression(), file);
    }
    if (auto* postfix = dynamic_cast<CatParser::PostfixContext*>(ctx)) {
      const Kind kind = postfix->PLUS() != nullptr       ? Kind::Plus
                        : postfix->STAR() != nullptr     ? Kind::Star
                        : postfix->QUESTION() != nullptr ? Kind::Optional
                                                         : Kind::Inverse;
      return unary(kind, ctx, postfix->expression(), file);
    }
    if (auto* product = dynamic_cast<CatParser::ProductContext*>(ctx)) {
      return binary(Kind::Product, ctx, product->expression(0), product->expression(1), file);
    }
    if (auto* both = dynamic_cast<CatParser::IntersectionContext*>(ctx)) {
      return binary(Kind::Intersection, ctx, both->expression(0), both->expression(1), file);
    }
    if (auto* difference = dynamic_cast<CatParser::DifferenceContext*>(ctx)) {
      return binary(Kind::Difference, ctx, difference->expression(0), difference->expression(1), file);
    }
    if (auto* sequence = dynamic_cast<CatParser::SequenceContext*>(ctx)) {
      return binary(Kind::Sequence, ctx, sequence->expression(0), sequence->expression(1), file);
    }
    if (auto* either = dynamic_cast<CatParser::UnionContext*>(ctx)) {
      return binary(Kind::Union, ctx, either->expression(0), either->expression(1), file);
    }
    auto* call = dynamic_cast<CatParser::ApplicationContext*>(ctx);
    const std::string name = call->NAME()->getText();
    const SourcePosition position = positionOf(call->getStart());
    ExpressionPtr result = node(Kind::Call, ctx, file);
    const auto found = scope_.find(name);
    if (found == scope_.end() && builtinOf(name) != Builtin::None) {
      result->kind = builtinOf(name) == Builtin::Domain ? Kind::Domain : Kind::Range;
      if (call->expression().size() != 1) {
        litmus::fail(file, position, name + " takes one argument");
      }
    } else {
      result->slot = lookUp(name, position, file);
      if (!isFunction_[result->slot]) {
        litmus::fail(file, position, "'" + name + "' is not a function");
      }
    }
    for (CatParser::ExpressionContext* argument : call->expression()) {
      result->operands.push_back(expression(argument, file));
    }
    return result;
  }

  ExpressionPtr unary(Expression::Kind kind, antlr4::ParserRuleContext* ctx,
                      CatParser::ExpressionContext* operand, const std::string& file) {
    ExpressionPtr result = node(kind, ctx, file);
    result->operands.push_back(expression(operand, file));
    return result;
  }

  ExpressionPtr binary(Expression::Kind kind, antlr4::ParserRuleContext* ctx,
                       CatParser::ExpressionContext* left, CatParser::ExpressionContext* right,
                       const std::string& file) {
    ExpressionPtr result = node(kind, ctx, file);
    result->operands.push_back(expression(left, file));
    result->operands.push_back(expression(right, file));
    return result;
  }

  CatProgram& program_;
  std::map<std::string, std::size_t> scope_;
  std::vector<bool> isFunction_;
};

}  // namespace

CatProgram readCatText(const std::string& text, const std::string& file) {
  CatProgram program;
  program.file = file;
  Builder builder(program);
  builder.readText(text, file, 0, true);
  for (const Statement& statement : program.statements) {
    for (const Binding& binding : statement.bindings) {
      if (binding.slot == static_cast<std::size_t>(Base::Coherence) ||
          program.slotNames[binding.slot] == kBaseNames[static_cast<std::size_t>(Base::Coherence)]) {
        program.partialCoherence = true;
      }
    }
  }
  typeCheck(program);
  return program;
}

CatProgram readCatFile(const std::string& file) {
  return readCatText(litmus::readFileUpTo(file, litmus::kMaxFileBytes, "cat files"), file);
}

}  // namespace opcheck::cat
