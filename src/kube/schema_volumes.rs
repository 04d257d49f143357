//! The volume part of the PodTemplateSpec schema: the volume sources that
//! name ConfigMaps, Secrets or claims, plus a few common others.

use super::schema::{BOOL, I32, I64, LOCAL_OBJECT_REFERENCE_T, STR, STR_MAP, STRS, ptr};
use super::typed::{StructTy, Ty};

/// `v1.Volume`, with the inlined `VolumeSource` fields.
pub(super) static VOLUME: StructTy = StructTy {
    name: "v1.Volume",
    fields: &[
        ("name", STR),
        ("hostPath", ptr(&HOST_PATH_T)),
        ("emptyDir", ptr(&EMPTY_DIR_T)),
        ("secret", ptr(&SECRET_VOLUME_T)),
        ("persistentVolumeClaim", ptr(&PVC_VOLUME_T)),
        ("rbd", ptr(&RBD_T)),
        ("flexVolume", ptr(&FLEX_T)),
        ("cinder", ptr(&CINDER_T)),
        ("cephfs", ptr(&CEPHFS_T)),
        ("azureFile", ptr(&AZURE_FILE_T)),
        ("configMap", ptr(&CONFIG_MAP_VOLUME_T)),
        ("projected", ptr(&PROJECTED_T)),
        ("scaleIO", ptr(&SCALE_IO_T)),
        ("iscsi", ptr(&ISCSI_T)),
        ("storageos", ptr(&STORAGE_OS_T)),
        ("csi", ptr(&CSI_T)),
    ],
};

static KEY_TO_PATH: StructTy = StructTy {
    name: "v1.KeyToPath",
    fields: &[("key", STR), ("path", STR), ("mode", ptr(&I32))],
};

static HOST_PATH: StructTy = StructTy {
    name: "v1.HostPathVolumeSource",
    fields: &[("path", STR), ("type", ptr(&Ty::Str("v1.HostPathType")))],
};

static EMPTY_DIR: StructTy = StructTy {
    name: "v1.EmptyDirVolumeSource",
    fields: &[
        ("medium", Ty::Str("v1.StorageMedium")),
        ("sizeLimit", ptr(&Ty::Quantity)),
    ],
};

static SECRET_VOLUME: StructTy = StructTy {
    name: "v1.SecretVolumeSource",
    fields: &[
        ("secretName", STR),
        ("items", Ty::List(&KEY_TO_PATH_T)),
        ("defaultMode", ptr(&I32)),
        ("optional", ptr(&BOOL)),
    ],
};

static CONFIG_MAP_VOLUME: StructTy = StructTy {
    name: "v1.ConfigMapVolumeSource",
    fields: &[
        ("name", STR),
        ("items", Ty::List(&KEY_TO_PATH_T)),
        ("defaultMode", ptr(&I32)),
        ("optional", ptr(&BOOL)),
    ],
};

static PVC_VOLUME: StructTy = StructTy {
    name: "v1.PersistentVolumeClaimVolumeSource",
    fields: &[("claimName", STR), ("readOnly", BOOL)],
};

static PROJECTED: StructTy = StructTy {
    name: "v1.ProjectedVolumeSource",
    fields: &[
        ("sources", Ty::List(&VOLUME_PROJECTION_T)),
        ("defaultMode", ptr(&I32)),
    ],
};

static VOLUME_PROJECTION: StructTy = StructTy {
    name: "v1.VolumeProjection",
    fields: &[
        ("secret", ptr(&SECRET_PROJECTION_T)),
        ("configMap", ptr(&CONFIG_MAP_PROJECTION_T)),
        ("serviceAccountToken", ptr(&SA_TOKEN_PROJECTION_T)),
    ],
};

static SECRET_PROJECTION: StructTy = StructTy {
    name: "v1.SecretProjection",
    fields: &[
        ("name", STR),
        ("items", Ty::List(&KEY_TO_PATH_T)),
        ("optional", ptr(&BOOL)),
    ],
};

static CONFIG_MAP_PROJECTION: StructTy = StructTy {
    name: "v1.ConfigMapProjection",
    fields: &[
        ("name", STR),
        ("items", Ty::List(&KEY_TO_PATH_T)),
        ("optional", ptr(&BOOL)),
    ],
};

static SA_TOKEN_PROJECTION: StructTy = StructTy {
    name: "v1.ServiceAccountTokenProjection",
    fields: &[
        ("audience", STR),
        ("expirationSeconds", ptr(&I64)),
        ("path", STR),
    ],
};

static AZURE_FILE: StructTy = StructTy {
    name: "v1.AzureFileVolumeSource",
    fields: &[("secretName", STR), ("shareName", STR), ("readOnly", BOOL)],
};

static CEPHFS: StructTy = StructTy {
    name: "v1.CephFSVolumeSource",
    fields: &[
        ("monitors", STRS),
        ("path", STR),
        ("user", STR),
        ("secretFile", STR),
        ("secretRef", ptr(&LOCAL_OBJECT_REFERENCE_T)),
        ("readOnly", BOOL),
    ],
};

static CINDER: StructTy = StructTy {
    name: "v1.CinderVolumeSource",
    fields: &[
        ("volumeID", STR),
        ("fsType", STR),
        ("readOnly", BOOL),
        ("secretRef", ptr(&LOCAL_OBJECT_REFERENCE_T)),
    ],
};

static FLEX: StructTy = StructTy {
    name: "v1.FlexVolumeSource",
    fields: &[
        ("driver", STR),
        ("fsType", STR),
        ("secretRef", ptr(&LOCAL_OBJECT_REFERENCE_T)),
        ("readOnly", BOOL),
        ("options", STR_MAP),
    ],
};

static RBD: StructTy = StructTy {
    name: "v1.RBDVolumeSource",
    fields: &[
        ("monitors", STRS),
        ("image", STR),
        ("fsType", STR),
        ("pool", STR),
        ("user", STR),
        ("keyring", STR),
        ("secretRef", ptr(&LOCAL_OBJECT_REFERENCE_T)),
        ("readOnly", BOOL),
    ],
};

static SCALE_IO: StructTy = StructTy {
    name: "v1.ScaleIOVolumeSource",
    fields: &[
        ("gateway", STR),
        ("system", STR),
        ("secretRef", ptr(&LOCAL_OBJECT_REFERENCE_T)),
        ("sslEnabled", BOOL),
        ("protectionDomain", STR),
        ("storagePool", STR),
        ("storageMode", STR),
        ("volumeName", STR),
        ("fsType", STR),
        ("readOnly", BOOL),
    ],
};

static ISCSI: StructTy = StructTy {
    name: "v1.ISCSIVolumeSource",
    fields: &[
        ("targetPortal", STR),
        ("iqn", STR),
        ("lun", I32),
        ("iscsiInterface", STR),
        ("fsType", STR),
        ("readOnly", BOOL),
        ("portals", STRS),
        ("chapAuthDiscovery", BOOL),
        ("chapAuthSession", BOOL),
        ("secretRef", ptr(&LOCAL_OBJECT_REFERENCE_T)),
        ("initiatorName", ptr(&STR)),
    ],
};

static STORAGE_OS: StructTy = StructTy {
    name: "v1.StorageOSVolumeSource",
    fields: &[
        ("volumeName", STR),
        ("volumeNamespace", STR),
        ("fsType", STR),
        ("readOnly", BOOL),
        ("secretRef", ptr(&LOCAL_OBJECT_REFERENCE_T)),
    ],
};

static CSI: StructTy = StructTy {
    name: "v1.CSIVolumeSource",
    fields: &[
        ("driver", STR),
        ("readOnly", ptr(&BOOL)),
        ("fsType", ptr(&STR)),
        ("volumeAttributes", STR_MAP),
        ("nodePublishSecretRef", ptr(&LOCAL_OBJECT_REFERENCE_T)),
    ],
};

static AZURE_FILE_T: Ty = Ty::Struct(&AZURE_FILE);
static CEPHFS_T: Ty = Ty::Struct(&CEPHFS);
static CINDER_T: Ty = Ty::Struct(&CINDER);
static CONFIG_MAP_PROJECTION_T: Ty = Ty::Struct(&CONFIG_MAP_PROJECTION);
static CONFIG_MAP_VOLUME_T: Ty = Ty::Struct(&CONFIG_MAP_VOLUME);
static CSI_T: Ty = Ty::Struct(&CSI);
static EMPTY_DIR_T: Ty = Ty::Struct(&EMPTY_DIR);
static FLEX_T: Ty = Ty::Struct(&FLEX);
static HOST_PATH_T: Ty = Ty::Struct(&HOST_PATH);
static ISCSI_T: Ty = Ty::Struct(&ISCSI);
static KEY_TO_PATH_T: Ty = Ty::Struct(&KEY_TO_PATH);
static PROJECTED_T: Ty = Ty::Struct(&PROJECTED);
static PVC_VOLUME_T: Ty = Ty::Struct(&PVC_VOLUME);
static RBD_T: Ty = Ty::Struct(&RBD);
static SA_TOKEN_PROJECTION_T: Ty = Ty::Struct(&SA_TOKEN_PROJECTION);
static SCALE_IO_T: Ty = Ty::Struct(&SCALE_IO);
static SECRET_PROJECTION_T: Ty = Ty::Struct(&SECRET_PROJECTION);
static SECRET_VOLUME_T: Ty = Ty::Struct(&SECRET_VOLUME);
static STORAGE_OS_T: Ty = Ty::Struct(&STORAGE_OS);
static VOLUME_PROJECTION_T: Ty = Ty::Struct(&VOLUME_PROJECTION);
