//! The part of the Kubernetes PodTemplateSpec schema that the kube helpers
//! read (resources, scheduling, env, volumes), for typed decoding.
//!
//! Fields that are not listed are ignored, as unknown fields are in Go; a
//! wrong type in one of them is therefore not reported (Karmada would).

use super::typed::{StructTy, Ty};

pub(super) const STR: Ty = Ty::Str("string");
pub(super) const BOOL: Ty = Ty::Bool;
pub(super) const I32: Ty = Ty::I32;
pub(super) const I64: Ty = Ty::I64;
pub(super) const STRS: Ty = Ty::List(&STR);
pub(super) const STR_MAP: Ty = Ty::Map(&STR, "map[string]string");
pub(super) const RESOURCE_LIST: Ty = Ty::Map(&Ty::Quantity, "v1.ResourceList");

pub(super) const fn ptr(t: &'static Ty) -> Ty {
    Ty::Ptr(t)
}

pub(super) const fn st(s: &'static StructTy) -> Ty {
    Ty::Struct(s)
}

/// `v1.PodTemplateSpec`.
pub static POD_TEMPLATE_SPEC: StructTy = StructTy {
    name: "v1.PodTemplateSpec",
    fields: &[("metadata", st(&OBJECT_META)), ("spec", st(&POD_SPEC))],
};

static OBJECT_META: StructTy = StructTy {
    name: "v1.ObjectMeta",
    fields: &[
        ("name", STR),
        ("generateName", STR),
        ("namespace", STR),
        ("uid", Ty::Str("types.UID")),
        ("resourceVersion", STR),
        ("generation", I64),
        ("labels", STR_MAP),
        ("annotations", STR_MAP),
        ("finalizers", STRS),
    ],
};

static POD_SPEC: StructTy = StructTy {
    name: "v1.PodSpec",
    fields: &[
        ("volumes", Ty::List(&VOLUME_T)),
        ("initContainers", Ty::List(&CONTAINER_T)),
        ("containers", Ty::List(&CONTAINER_T)),
        ("ephemeralContainers", Ty::List(&EPHEMERAL_CONTAINER_T)),
        ("restartPolicy", Ty::Str("v1.RestartPolicy")),
        ("terminationGracePeriodSeconds", ptr(&I64)),
        ("activeDeadlineSeconds", ptr(&I64)),
        ("dnsPolicy", Ty::Str("v1.DNSPolicy")),
        ("nodeSelector", STR_MAP),
        ("serviceAccountName", STR),
        ("serviceAccount", STR),
        ("automountServiceAccountToken", ptr(&BOOL)),
        ("nodeName", STR),
        ("hostNetwork", BOOL),
        ("hostPID", BOOL),
        ("hostIPC", BOOL),
        ("shareProcessNamespace", ptr(&BOOL)),
        ("imagePullSecrets", Ty::List(&LOCAL_OBJECT_REFERENCE_T)),
        ("hostname", STR),
        ("subdomain", STR),
        ("affinity", ptr(&AFFINITY_T)),
        ("schedulerName", STR),
        ("tolerations", Ty::List(&TOLERATION_T)),
        ("priorityClassName", STR),
        ("priority", ptr(&I32)),
        ("runtimeClassName", ptr(&STR)),
        ("enableServiceLinks", ptr(&BOOL)),
        ("preemptionPolicy", ptr(&Ty::Str("v1.PreemptionPolicy"))),
        ("overhead", RESOURCE_LIST),
        ("setHostnameAsFQDN", ptr(&BOOL)),
        ("hostUsers", ptr(&BOOL)),
        ("resources", ptr(&RESOURCE_REQUIREMENTS_T)),
        ("hostnameOverride", ptr(&STR)),
    ],
};

/// The fields shared by `v1.Container` and `v1.EphemeralContainer`.
macro_rules! container_fields {
    ($($extra:tt)*) => {
        &[
            ("name", STR),
            ("image", STR),
            ("command", STRS),
            ("args", STRS),
            ("workingDir", STR),
            ("envFrom", Ty::List(&ENV_FROM_SOURCE_T)),
            ("env", Ty::List(&ENV_VAR_T)),
            ("resources", st(&RESOURCE_REQUIREMENTS)),
            ("restartPolicy", ptr(&Ty::Str("v1.ContainerRestartPolicy"))),
            ("terminationMessagePath", STR),
            ("terminationMessagePolicy", Ty::Str("v1.TerminationMessagePolicy")),
            ("imagePullPolicy", Ty::Str("v1.PullPolicy")),
            ("stdin", BOOL),
            ("stdinOnce", BOOL),
            ("tty", BOOL),
            $($extra)*
        ]
    };
}

static CONTAINER: StructTy = StructTy {
    name: "v1.Container",
    fields: container_fields!(),
};

static EPHEMERAL_CONTAINER: StructTy = StructTy {
    name: "v1.EphemeralContainer",
    fields: container_fields!(("targetContainerName", STR)),
};

static RESOURCE_REQUIREMENTS: StructTy = StructTy {
    name: "v1.ResourceRequirements",
    fields: &[
        ("limits", RESOURCE_LIST),
        ("requests", RESOURCE_LIST),
        ("claims", Ty::List(&RESOURCE_CLAIM_T)),
    ],
};

static RESOURCE_CLAIM: StructTy = StructTy {
    name: "v1.ResourceClaim",
    fields: &[("name", STR), ("request", STR)],
};

static ENV_FROM_SOURCE: StructTy = StructTy {
    name: "v1.EnvFromSource",
    fields: &[
        ("prefix", STR),
        ("configMapRef", ptr(&CONFIG_MAP_ENV_SOURCE_T)),
        ("secretRef", ptr(&SECRET_ENV_SOURCE_T)),
    ],
};

static CONFIG_MAP_ENV_SOURCE: StructTy = StructTy {
    name: "v1.ConfigMapEnvSource",
    fields: &[("name", STR), ("optional", ptr(&BOOL))],
};

static SECRET_ENV_SOURCE: StructTy = StructTy {
    name: "v1.SecretEnvSource",
    fields: &[("name", STR), ("optional", ptr(&BOOL))],
};

static ENV_VAR: StructTy = StructTy {
    name: "v1.EnvVar",
    fields: &[
        ("name", STR),
        ("value", STR),
        ("valueFrom", ptr(&ENV_VAR_SOURCE_T)),
    ],
};

static ENV_VAR_SOURCE: StructTy = StructTy {
    name: "v1.EnvVarSource",
    fields: &[
        ("fieldRef", ptr(&OBJECT_FIELD_SELECTOR_T)),
        ("resourceFieldRef", ptr(&RESOURCE_FIELD_SELECTOR_T)),
        ("configMapKeyRef", ptr(&CONFIG_MAP_KEY_SELECTOR_T)),
        ("secretKeyRef", ptr(&SECRET_KEY_SELECTOR_T)),
    ],
};

static OBJECT_FIELD_SELECTOR: StructTy = StructTy {
    name: "v1.ObjectFieldSelector",
    fields: &[("apiVersion", STR), ("fieldPath", STR)],
};

static RESOURCE_FIELD_SELECTOR: StructTy = StructTy {
    name: "v1.ResourceFieldSelector",
    fields: &[
        ("containerName", STR),
        ("resource", STR),
        ("divisor", Ty::Quantity),
    ],
};

static CONFIG_MAP_KEY_SELECTOR: StructTy = StructTy {
    name: "v1.ConfigMapKeySelector",
    fields: &[("name", STR), ("key", STR), ("optional", ptr(&BOOL))],
};

static SECRET_KEY_SELECTOR: StructTy = StructTy {
    name: "v1.SecretKeySelector",
    fields: &[("name", STR), ("key", STR), ("optional", ptr(&BOOL))],
};

pub(super) static LOCAL_OBJECT_REFERENCE: StructTy = StructTy {
    name: "v1.LocalObjectReference",
    fields: &[("name", STR)],
};

static TOLERATION: StructTy = StructTy {
    name: "v1.Toleration",
    fields: &[
        ("key", STR),
        ("operator", Ty::Str("v1.TolerationOperator")),
        ("value", STR),
        ("effect", Ty::Str("v1.TaintEffect")),
        ("tolerationSeconds", ptr(&I64)),
    ],
};

static AFFINITY: StructTy = StructTy {
    name: "v1.Affinity",
    fields: &[("nodeAffinity", ptr(&NODE_AFFINITY_T))],
};

static NODE_AFFINITY: StructTy = StructTy {
    name: "v1.NodeAffinity",
    fields: &[
        (
            "requiredDuringSchedulingIgnoredDuringExecution",
            ptr(&NODE_SELECTOR_T),
        ),
        (
            "preferredDuringSchedulingIgnoredDuringExecution",
            Ty::List(&PREFERRED_SCHEDULING_TERM_T),
        ),
    ],
};

static NODE_SELECTOR: StructTy = StructTy {
    name: "v1.NodeSelector",
    fields: &[("nodeSelectorTerms", Ty::List(&NODE_SELECTOR_TERM_T))],
};

static PREFERRED_SCHEDULING_TERM: StructTy = StructTy {
    name: "v1.PreferredSchedulingTerm",
    fields: &[("weight", I32), ("preference", st(&NODE_SELECTOR_TERM))],
};

static NODE_SELECTOR_TERM: StructTy = StructTy {
    name: "v1.NodeSelectorTerm",
    fields: &[
        ("matchExpressions", Ty::List(&NODE_SELECTOR_REQUIREMENT_T)),
        ("matchFields", Ty::List(&NODE_SELECTOR_REQUIREMENT_T)),
    ],
};

static NODE_SELECTOR_REQUIREMENT: StructTy = StructTy {
    name: "v1.NodeSelectorRequirement",
    fields: &[
        ("key", STR),
        ("operator", Ty::Str("v1.NodeSelectorOperator")),
        ("values", STRS),
    ],
};

use super::schema_volumes::VOLUME;

static AFFINITY_T: Ty = Ty::Struct(&AFFINITY);
static CONFIG_MAP_ENV_SOURCE_T: Ty = Ty::Struct(&CONFIG_MAP_ENV_SOURCE);
static CONFIG_MAP_KEY_SELECTOR_T: Ty = Ty::Struct(&CONFIG_MAP_KEY_SELECTOR);
static CONTAINER_T: Ty = Ty::Struct(&CONTAINER);
static ENV_FROM_SOURCE_T: Ty = Ty::Struct(&ENV_FROM_SOURCE);
static ENV_VAR_T: Ty = Ty::Struct(&ENV_VAR);
static ENV_VAR_SOURCE_T: Ty = Ty::Struct(&ENV_VAR_SOURCE);
static EPHEMERAL_CONTAINER_T: Ty = Ty::Struct(&EPHEMERAL_CONTAINER);
pub(super) static LOCAL_OBJECT_REFERENCE_T: Ty = Ty::Struct(&LOCAL_OBJECT_REFERENCE);
static NODE_AFFINITY_T: Ty = Ty::Struct(&NODE_AFFINITY);
static NODE_SELECTOR_T: Ty = Ty::Struct(&NODE_SELECTOR);
static NODE_SELECTOR_REQUIREMENT_T: Ty = Ty::Struct(&NODE_SELECTOR_REQUIREMENT);
static NODE_SELECTOR_TERM_T: Ty = Ty::Struct(&NODE_SELECTOR_TERM);
static OBJECT_FIELD_SELECTOR_T: Ty = Ty::Struct(&OBJECT_FIELD_SELECTOR);
static PREFERRED_SCHEDULING_TERM_T: Ty = Ty::Struct(&PREFERRED_SCHEDULING_TERM);
static RESOURCE_CLAIM_T: Ty = Ty::Struct(&RESOURCE_CLAIM);
static RESOURCE_FIELD_SELECTOR_T: Ty = Ty::Struct(&RESOURCE_FIELD_SELECTOR);
static RESOURCE_REQUIREMENTS_T: Ty = Ty::Struct(&RESOURCE_REQUIREMENTS);
static SECRET_ENV_SOURCE_T: Ty = Ty::Struct(&SECRET_ENV_SOURCE);
static SECRET_KEY_SELECTOR_T: Ty = Ty::Struct(&SECRET_KEY_SELECTOR);
static TOLERATION_T: Ty = Ty::Struct(&TOLERATION);
static VOLUME_T: Ty = Ty::Struct(&VOLUME);
