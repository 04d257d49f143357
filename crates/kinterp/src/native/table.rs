//! The native kinds, each declared once with its handlers; the support
//! matrix (`super::matrix`, `super::supports`) is read from this table.

use super::aggregate::{self, Types};
use super::{Kind, dependencies, health, reflect, replica, retain, revise};
use crate::ops::Operation;
use Operation::{
    AggregateStatus as Agg, InterpretDependency as Dep, InterpretHealth as Health,
    InterpretReplica as Rep, InterpretStatus as Status, Retain as Ret, ReviseReplica as Rev,
};
use serde_json::Value;

type ReplicaFn = fn(&Value) -> Result<(i32, Value), String>;
type ReviseFn = fn(&Value, i64) -> Result<Value, String>;
type RetainFn = fn(&Value, &Value) -> Result<Value, String>;
type AggregateFn = fn(&Value, Option<&[Value]>) -> Result<Value, String>;
type ValueFn = fn(&Value) -> Result<Value, String>;
type HealthFn = fn(&Value) -> Result<bool, String>;

/// One natively interpreted kind, declared once: where it lives and its
/// handler for each operation (`None`: no native handler; InterpretStatus:
/// only the special handlers, the generic one serves every other kind).
/// The support matrix is read from these entries, so a kind cannot claim an
/// operation without naming the function that runs it.
pub(crate) struct Native {
    pub api_version: &'static str,
    pub name: &'static str,
    pub replica: Option<ReplicaFn>,
    pub revise: Option<ReviseFn>,
    pub retain: Option<RetainFn>,
    pub aggregate: Option<AggregateFn>,
    pub status: Option<ValueFn>,
    pub health: Option<HealthFn>,
    pub dependencies: Option<ValueFn>,
}

impl Native {
    /// Whether the entry has a handler for `op`.
    pub(super) fn handles(&self, op: Operation) -> bool {
        match op {
            Rep => self.replica.is_some(),
            Rev => self.revise.is_some(),
            Ret => self.retain.is_some(),
            Agg => self.aggregate.is_some(),
            Status => self.status.is_some(),
            Health => self.health.is_some(),
            Dep => self.dependencies.is_some(),
            Operation::InterpretComponent => false,
        }
    }
}

/// The operations of the matrix, in the order `matrix` lists them.
pub(super) const MATRIX_OPS: [Operation; 7] = [Rep, Rev, Ret, Agg, Status, Health, Dep];

/// The Go type names of a kind's aggregation: `KStatus`, and the member
/// status either the same or, for workloads, `WrappedKStatus`.
macro_rules! types {
    ($k:ident) => {
        &Types {
            kind: Kind::$k,
            object: stringify!($k),
            status: concat!(stringify!($k), "Status"),
            member: concat!(stringify!($k), "Status"),
        }
    };
    ($k:ident, wrapped) => {
        &Types {
            kind: Kind::$k,
            object: stringify!($k),
            status: concat!(stringify!($k), "Status"),
            member: concat!("Wrapped", stringify!($k), "Status"),
        }
    };
}

/// The support matrix, one entry per kind.
pub(super) static NATIVE: &[Native] = &[
    Native {
        api_version: "apps/v1",
        name: "Deployment",
        replica: Some(|o| replica::interpret(Kind::Deployment, "Deployment", o)),
        revise: Some(|o, n| revise::revise(Kind::Deployment, o, n)),
        retain: Some(|d, o| retain::edited(d, o, retain::deployment)),
        aggregate: Some(|o, i| {
            aggregate::aggregate(types!(Deployment, wrapped), aggregate::workload, o, i)
        }),
        status: Some(|o| {
            reflect::typed_status(Kind::Deployment, "DeploymentStatus", "DeploymentStatus", o)
        }),
        health: Some(|o| health::healthy("Deployment", o, health::rollout)),
        dependencies: Some(|o| dependencies::dependencies(Kind::Deployment, "Deployment", o)),
    },
    Native {
        api_version: "apps/v1",
        name: "ReplicaSet",
        replica: Some(|o| replica::interpret(Kind::ReplicaSet, "ReplicaSet", o)),
        revise: Some(|o, n| revise::revise(Kind::ReplicaSet, o, n)),
        retain: None,
        aggregate: Some(|o, i| {
            aggregate::aggregate(types!(ReplicaSet, wrapped), aggregate::workload, o, i)
        }),
        status: Some(|o| {
            reflect::typed_status(Kind::ReplicaSet, "ReplicaSetStatus", "ReplicaSetStatus", o)
        }),
        health: Some(|o| health::healthy("ReplicaSet", o, health::replica_set)),
        dependencies: Some(|o| dependencies::dependencies(Kind::ReplicaSet, "ReplicaSet", o)),
    },
    Native {
        api_version: "apps/v1",
        name: "StatefulSet",
        replica: Some(|o| replica::interpret(Kind::StatefulSet, "StatefulSet", o)),
        revise: Some(|o, n| revise::revise(Kind::StatefulSet, o, n)),
        retain: None,
        aggregate: Some(|o, i| {
            aggregate::aggregate(types!(StatefulSet, wrapped), aggregate::workload, o, i)
        }),
        status: Some(|o| {
            reflect::typed_status(
                Kind::StatefulSet,
                "StatefulSetStatus",
                "StatefulSetStatus",
                o,
            )
        }),
        health: Some(|o| health::healthy("StatefulSet", o, health::rollout)),
        dependencies: Some(|o| dependencies::dependencies(Kind::StatefulSet, "StatefulSet", o)),
    },
    Native {
        api_version: "apps/v1",
        name: "DaemonSet",
        replica: None,
        revise: None,
        retain: None,
        aggregate: Some(|o, i| {
            aggregate::aggregate(types!(DaemonSet, wrapped), aggregate::workload, o, i)
        }),
        status: Some(|o| {
            reflect::typed_status(Kind::DaemonSet, "DaemonSetStatus", "DaemonSetStatus", o)
        }),
        health: Some(|o| health::healthy("DaemonSet", o, health::daemon_set)),
        dependencies: Some(|o| dependencies::dependencies(Kind::DaemonSet, "DaemonSet", o)),
    },
    Native {
        api_version: "batch/v1",
        name: "Job",
        replica: Some(|o| replica::interpret(Kind::Job, "Job", o)),
        revise: Some(|o, n| revise::revise(Kind::Job, o, n)),
        retain: Some(|d, o| retain::edited(d, o, retain::job)),
        aggregate: Some(|o, i| aggregate::aggregate(types!(Job), aggregate::job, o, i)),
        status: Some(|o| reflect::typed_status(Kind::Job, "JobStatus", "JobStatus", o)),
        health: None,
        dependencies: Some(|o| dependencies::dependencies(Kind::Job, "Job", o)),
    },
    Native {
        api_version: "batch/v1",
        name: "CronJob",
        replica: None,
        revise: None,
        retain: None,
        aggregate: Some(|o, i| aggregate::aggregate(types!(CronJob), aggregate::cron_job, o, i)),
        status: None,
        health: None,
        dependencies: Some(|o| dependencies::dependencies(Kind::CronJob, "CronJob", o)),
    },
    Native {
        api_version: "v1",
        name: "Pod",
        replica: Some(|o| replica::interpret(Kind::Pod, "Pod", o)),
        revise: None,
        retain: Some(retain::pod),
        aggregate: Some(|o, i| aggregate::pod_aggregate(types!(Pod), aggregate::pod, o, i)),
        status: None,
        health: Some(|o| health::healthy("Pod", o, health::pod)),
        dependencies: Some(|o| dependencies::dependencies(Kind::Pod, "Pod", o)),
    },
    Native {
        api_version: "v1",
        name: "Service",
        replica: None,
        revise: None,
        retain: Some(|d, o| retain::edited(d, o, retain::service)),
        aggregate: Some(|o, i| {
            aggregate::aggregate(types!(Service), aggregate::load_balancer, o, i)
        }),
        status: Some(reflect::service),
        health: Some(|o| health::healthy("Service", o, health::service)),
        dependencies: None,
    },
    Native {
        api_version: "v1",
        name: "ServiceAccount",
        replica: None,
        revise: None,
        retain: Some(|d, o| retain::edited(d, o, retain::service_account)),
        aggregate: None,
        status: None,
        health: None,
        dependencies: None,
    },
    Native {
        api_version: "v1",
        name: "Secret",
        replica: None,
        revise: None,
        retain: Some(|d, o| retain::edited(d, o, retain::secret)),
        aggregate: None,
        status: None,
        health: None,
        dependencies: None,
    },
    Native {
        api_version: "v1",
        name: "PersistentVolumeClaim",
        replica: None,
        revise: None,
        retain: Some(|d, o| retain::edited(d, o, retain::pvc)),
        aggregate: Some(|o, i| {
            aggregate::aggregate(
                types!(PersistentVolumeClaim),
                aggregate::persistent_volume_claim,
                o,
                i,
            )
        }),
        status: None,
        health: Some(|o| {
            health::healthy("PersistentVolumeClaim", o, health::persistent_volume_claim)
        }),
        dependencies: None,
    },
    Native {
        api_version: "v1",
        name: "PersistentVolume",
        replica: None,
        revise: None,
        retain: Some(|d, o| retain::edited(d, o, retain::pv)),
        aggregate: Some(|o, i| {
            aggregate::aggregate(types!(PersistentVolume), aggregate::persistent_volume, o, i)
        }),
        status: None,
        health: None,
        dependencies: None,
    },
    Native {
        api_version: "networking.k8s.io/v1",
        name: "Ingress",
        replica: None,
        revise: None,
        retain: None,
        aggregate: Some(|o, i| {
            aggregate::aggregate(types!(Ingress), aggregate::load_balancer, o, i)
        }),
        status: Some(reflect::generic),
        health: Some(|o| health::healthy("Ingress", o, health::ingress)),
        dependencies: Some(|o| dependencies::dependencies(Kind::Ingress, "Ingress", o)),
    },
    Native {
        api_version: "policy/v1",
        name: "PodDisruptionBudget",
        replica: None,
        revise: None,
        retain: None,
        aggregate: Some(|o, i| {
            aggregate::aggregate(
                types!(PodDisruptionBudget),
                aggregate::pod_disruption_budget,
                o,
                i,
            )
        }),
        status: Some(|o| {
            reflect::typed_status(
                Kind::PodDisruptionBudget,
                "PodDisruptionBudgetStatus",
                "PodDisruptionBudget",
                o,
            )
        }),
        health: Some(|o| health::healthy("PodDisruptionBudget", o, health::pod_disruption_budget)),
        dependencies: None,
    },
    Native {
        api_version: "autoscaling/v2",
        name: "HorizontalPodAutoscaler",
        replica: None,
        revise: None,
        retain: None,
        aggregate: Some(|o, i| {
            aggregate::aggregate(
                types!(HorizontalPodAutoscaler),
                aggregate::horizontal_pod_autoscaler,
                o,
                i,
            )
        }),
        status: Some(|o| {
            reflect::typed_status(
                Kind::HorizontalPodAutoscaler,
                "HorizontalPodAutoscalerStatus",
                "HorizontalPodAutoscaler",
                o,
            )
        }),
        health: None,
        dependencies: None,
    },
    Native {
        api_version: "multicluster.x-k8s.io/v1alpha1",
        name: "ServiceImport",
        replica: None,
        revise: None,
        retain: None,
        aggregate: None,
        status: None,
        health: None,
        dependencies: Some(|o| dependencies::dependencies(Kind::ServiceImport, "ServiceImport", o)),
    },
];

/// The entry of a kind (every kind has one; for the handlers' tests).
#[cfg(test)]
pub(crate) fn entry(kind: Kind) -> &'static Native {
    let name = format!("{kind:?}");
    NATIVE
        .iter()
        .find(|n| n.name == name)
        .expect("every kind is declared")
}
