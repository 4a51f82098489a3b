#include "cat/CatModel.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <memory>
#include <mutex>

#include "axiomcheck/AxiomExplanation.h"
#include "axiomcheck/ModelDefinition.h"
#include "axiomcheck/Orientations.h"
#include "axiomcheck/TotalCoherence.h"
#include "cat/BaseNames.h"
#include "cat/CatReader.h"
#include "cat/Interpreter.h"
#include "cat/PartialCoherence.h"
#include "litmus/Diagnostic.h"

namespace opcheck::cat {

namespace {

using axiomcheck::Axiom;
using axiomcheck::AxiomMask;
using axiomcheck::CandidateSink;
using axiomcheck::EventSet;
using axiomcheck::Execution;
using axiomcheck::ExplainedEdge;

// What one cat file gives every instance of its model (skipping checks or
// not).
struct CatShared {
  CatProgram program;
  std::string name;
  std::string summary;
  std::vector<Axiom> axioms;
  std::vector<std::size_t> axiomChecks;  // per axiom: its index in program.checks
  std::vector<Axiom> flags;
  std::vector<std::size_t> flagChecks;
  std::size_t thinAir = 0;
  axiomcheck::ModelTraits traits;
  bool readsProxies = false;
  bool readsFenceScOrder = false;
  std::vector<bool> dynamicChecks;  // per check: whether it reads co or the Fence-SC order
};

// The base relations that name the edges of a broken acyclic check, in
// the order they are tried.
constexpr std::array<Base, 14> kExplainingBases = {
    Base::ReadsFrom, Base::Coherence, Base::FromRead,  Base::ProgramOrderLocation, Base::Data,
    Base::Address,   Base::Control,   Base::Rmw,       Base::FenceScOrder,         Base::BarrierSync,
    Base::MembarCta, Base::MembarGl,  Base::MembarSys, Base::ProgramOrder};

bool reads(const CatProgram& program, Base base) { return program.readsBase[static_cast<std::size_t>(base)]; }

bool containsIgnoringCase(std::string_view text, std::string_view part) {
  return std::search(text.begin(), text.end(), part.begin(), part.end(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         }) != text.end();
}

std::unique_ptr<CatShared> share(CatProgram program, const std::string& file) {
  auto shared = std::make_unique<CatShared>();
  shared->program = std::move(program);
  shared->name = file;
  const CatProgram& p = shared->program;
  shared->summary = "cat model " + (p.title.empty() ? file : "\"" + p.title + "\"") + " read from " + file;
  for (std::size_t check = 0; check < p.checks.size(); ++check) {
    const Check& c = p.checks[check];
    const Axiom axiom{c.name, shared->name, c.statement, {}};
    if (c.flag) {
      shared->flags.push_back(axiom);
      shared->flagChecks.push_back(check);
    } else {
      shared->axioms.push_back(axiom);
      shared->axiomChecks.push_back(check);
    }
  }
  if (shared->axioms.empty()) {
    litmus::fail(file, {1, 1}, "the model has no check (acyclic, irreflexive or empty): nothing to decide");
  }
  // A candidate whose values run in a cycle through rf and dependencies is
  // rejected before the model sees it; it counts against the model's
  // thin-air check, or its first.
  for (std::size_t axiom = 0; axiom < shared->axioms.size(); ++axiom) {
    if (containsIgnoringCase(shared->axioms[axiom].name, "thin")) {
      shared->thinAir = axiom;
      break;
    }
  }
  // herd's GPU_PTX (the 2015 model's architecture): a failing atom.cas
  // writes the old value back (herd/GPU_PTXSem.ml).
  shared->traits.failedCasWrites = p.title == "GPU_PTX";
  shared->traits.barriers = reads(p, Base::BarrierSync);
  shared->traits.releaseAcquire =
      reads(p, Base::Acquire) || reads(p, Base::Release) || reads(p, Base::AcquireRelease);
  shared->readsProxies = reads(p, Base::Generic) || reads(p, Base::Surface) || reads(p, Base::Texture) ||
                         reads(p, Base::Constant) || reads(p, Base::Alias);
  shared->readsFenceScOrder = reads(p, Base::FenceScOrder);
  shared->dynamicChecks.assign(p.checks.size(), true);
  for (const Statement& statement : p.statements) {
    if (statement.kind == Statement::Kind::Check) {
      shared->dynamicChecks[statement.check] = statement.dynamic;
    }
  }
  return shared;
}

// The pairs of fence.sc sync_fence orders: those whose scopes include each
// other's threads (sr; a thread's own fences among them).
Relation fenceScRelated(const Execution& x) {
  const EventSet fences = baseValue(x, Base::SequentiallyConsistent).set;
  return baseValue(x, Base::SameScope).relation.restricted(fences, fences) -
         Relation::identity(x.size, fences);
}

class CatModel final : public axiomcheck::AxiomaticModel {
 public:
  CatModel(const CatShared& shared, AxiomMask skip) : shared_(shared), skip_(skip) {}

  std::string_view name() const override { return shared_.name; }
  std::string_view summary() const override { return shared_.summary; }
  std::span<const Axiom> axioms() const override { return shared_.axioms; }
  std::span<const Axiom> flags() const override { return shared_.flags; }
  axiomcheck::ModelTraits traits() const override { return shared_.traits; }
  std::size_t thinAirAxiom() const override { return shared_.thinAir; }
  AxiomMask skippedAxioms() const override { return skip_; }

  const AxiomaticModel& skipping(AxiomMask skip) const override {
    static std::mutex mutex;
    const std::lock_guard lock(mutex);
    std::unique_ptr<CatModel>& instance = (*instances_)[skip];
    if (!instance) {
      instance = std::make_unique<CatModel>(shared_, skip);
      instance->instances_ = instances_;
    }
    return *instance;
  }

  void checkSupported(const litmus::Test& test, const std::string& file) const override {
    litmus::requireDialect(test, file, litmus::Dialect::Ptx, "model " + shared_.name);
    if (!shared_.readsProxies) {
      axiomcheck::refuseProxies(test, file, "model " + shared_.name);
      return;
    }
    // No base name stands for the async proxy or for the completion of an
    // asynchronous operation (docs/cat.md), so a cat model could only read
    // such a test as if they were generic accesses.
    axiomcheck::refuseAsyncOperations(test, file, "model " + shared_.name,
                                      "an asynchronous operation or its completion (PTX ISA 9.1 8.9.1.1, "
                                      "9.7.9.25): no cat base name stands for the async proxy; the ptx model "
                                      "reads it");
  }

  AxiomMask raisedFlags(const Execution& x) const override {
    Interpreter interpreter(shared_.program, x);
    interpreter.evaluateFixed();
    interpreter.evaluateDynamic();
    AxiomMask raised = 0;
    for (std::size_t flag = 0; flag < shared_.flagChecks.size(); ++flag) {
      if (interpreter.holds(shared_.flagChecks[flag])) {
        raised |= AxiomMask{1} << flag;
      }
    }
    return raised;
  }

  void completeAndCheck(Execution& x, CandidateSink& sink) const override {
    Interpreter interpreter(shared_.program, x);
    interpreter.evaluateFixed();
    if (const std::optional<std::size_t> axiom = firstBroken(interpreter, false)) {
      sink.reject(*axiom);  // every choice below breaks it
      return;
    }
    const auto complete = [&] {
      interpreter.evaluateDynamic();
      if (const std::optional<std::size_t> axiom = firstBroken(interpreter, true)) {
        sink.reject(*axiom);
      } else {
        sink.accept(x);
      }
    };
    const auto withCoherence = [&] {
      if (shared_.program.partialCoherence && !shared_.program.withco) {
        forEachPartialCoherence(x, complete);
      } else {
        // herd's co: a total order per location, the initial write first
        // (a thread's writes in program order: axiomcheck/TotalCoherence.h).
        axiomcheck::forEachTotalCoherence(
            x, sink, [](litmus::LocationId) { return std::optional<std::size_t>(); }, complete);
      }
    };
    if (!shared_.readsFenceScOrder) {
      x.fenceScOrder = axiomcheck::Relation(x.size);
      withCoherence();
      return;
    }
    // sync_fence: an order of the fence.sc whose scopes include each
    // other's threads (Dat3M's sr), po between those of one thread.
    const Value scFences = baseValue(x, Base::SequentiallyConsistent);
    const Relation related = fenceScRelated(x);
    const Relation forced = x.po.restricted(scFences.set, scFences.set);
    std::vector<axiomcheck::EventPair> pairs;
    axiomcheck::forEachEvent(scFences.set, [&](unsigned a) {
      axiomcheck::forEachEvent(related.successors(a) & ~axiomcheck::firstEvents(a + 1), [&](unsigned b) {
        if (!x.sameThread(a, b)) {
          pairs.emplace_back(a, b);
        }
      });
    });
    axiomcheck::forEachOrientation(forced, pairs, [&](const Relation& order) {
      x.fenceScOrder = order & related;
      withCoherence();
    });
  }

  // A run's order of its fence.sc (compare --executions) narrowed to the
  // pairs sync_fence relates (above); its co stays whole.
  void narrowTotalOrders(Execution& x) const override {
    if (shared_.readsFenceScOrder) {
      x.fenceScOrder &= fenceScRelated(x);
    }
  }

  std::vector<std::size_t> brokenAxioms(const Execution& x) const override {
    Interpreter interpreter(shared_.program, x);
    interpreter.evaluateFixed();
    interpreter.evaluateDynamic();
    std::vector<std::size_t> broken;
    for (std::size_t axiom = 0; axiom < shared_.axiomChecks.size(); ++axiom) {
      if (!axiomcheck::skipped(skip_, axiom) && !interpreter.holds(shared_.axiomChecks[axiom])) {
        broken.push_back(axiom);
      }
    }
    return broken;
  }

  // The check's relation: a shortest cycle (acyclic), a reflexive pair
  // (irreflexive), its pairs (empty), each edge named by the check.
  std::vector<ExplainedEdge> explainBroken(const Execution& x, std::size_t axiom) const override {
    Interpreter interpreter(shared_.program, x);
    interpreter.evaluateFixed();
    interpreter.evaluateDynamic();
    const Check& check = shared_.program.checks[shared_.axiomChecks[axiom]];
    if (check.negated) {
      return {};
    }
    const Value value = interpreter.evaluate(*check.expression);
    if (value.type != Value::Type::Relation || passes(check.kind, value)) {
      return {};
    }
    std::vector<ExplainedEdge> edges;
    switch (check.kind) {
      case CheckKind::Acyclic: {
        // Each edge named by the first base relation holding it (as herd
        // labels its pictures), else by the check.
        std::vector<axiomcheck::NamedRelation> parts;
        for (const Base base : kExplainingBases) {
          parts.push_back(
              {kBaseNames[static_cast<std::size_t>(base)], baseValue(x, base).relation & value.relation});
        }
        parts.push_back({check.name, value.relation});
        return axiomcheck::shortestCycle(parts);
      }
      case CheckKind::Irreflexive:
        for (unsigned event = 0; event < x.size; ++event) {
          if (value.relation.contains(event, event)) {
            return {{event, event, check.name}};
          }
        }
        break;
      case CheckKind::Empty:
        for (unsigned from = 0; from < x.size; ++from) {
          axiomcheck::forEachEvent(value.relation.successors(from), [&](unsigned to) {
            edges.push_back({from, to, check.name});
          });
        }
        break;
    }
    return edges;
  }

 private:
  // The first axiom (in the file's order) that a check of this stage breaks.
  std::optional<std::size_t> firstBroken(Interpreter& interpreter, bool dynamic) const {
    for (std::size_t axiom = 0; axiom < shared_.axiomChecks.size(); ++axiom) {
      const std::size_t check = shared_.axiomChecks[axiom];
      if (axiomcheck::skipped(skip_, axiom) || isDynamic(check) != dynamic) {
        continue;
      }
      if (!interpreter.holds(check)) {
        return axiom;
      }
    }
    return std::nullopt;
  }

  bool isDynamic(std::size_t check) const { return shared_.dynamicChecks[check]; }

  const CatShared& shared_;
  AxiomMask skip_;
  std::shared_ptr<std::map<AxiomMask, std::unique_ptr<CatModel>>> instances_ =
      std::make_shared<std::map<AxiomMask, std::unique_ptr<CatModel>>>();
};

}  // namespace

bool isCatFileName(std::string_view name) { return name.size() > 4 && name.ends_with(".cat"); }

const axiomcheck::AxiomaticModel& loadCatModel(const std::string& file) {
  static std::mutex mutex;
  static std::map<std::string, std::pair<std::unique_ptr<CatShared>, std::unique_ptr<CatModel>>> models;
  const std::lock_guard lock(mutex);
  auto& [shared, model] = models[file];
  if (!model) {
    std::unique_ptr<CatShared> read = share(readCatFile(file), file);
    shared = std::move(read);
    model = std::make_unique<CatModel>(*shared, 0);
  }
  return *model;
}

}  // namespace opcheck::cat
