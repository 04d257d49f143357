//! AggregateStatus for Job and CronJob: summed counters,
//! synthesized finish conditions, and earliest/latest times.

use super::{Item, add32, replaced};
use crate::gotypes;
use crate::gotypes::time::Instant;
use crate::gotypes::view::str;
use serde_json::{Value, json};

fn condition_true(c: &Value, kind: &str) -> bool {
    str(&c["type"]) == kind && str(&c["status"]) == "True"
}

fn conditions(status: &Value) -> &[Value] {
    status["conditions"].as_array().map_or(&[], Vec::as_slice)
}

/// A generated condition stamped with the current time.
fn condition(kind: &str, reason: &str, message: &str, now: &str) -> Value {
    json!({
        "type": kind, "status": "True", "reason": reason, "message": message,
        "lastProbeTime": now, "lastTransitionTime": now,
    })
}

/// Job: the new status when it changed (`None`: unchanged).
pub fn job(old: &Value, items: &[Item]) -> Option<Value> {
    if conditions(old)
        .iter()
        .any(|c| condition_true(c, "Complete") || condition_true(c, "Failed"))
    {
        return None;
    }
    let n = items.len();
    let mut new = gotypes::zero("JobStatus");
    let (mut complete, mut criteria_met) = (0, 0);
    let mut failed_clusters = Vec::new();
    let (mut starts, mut completions) = (Vec::new(), Vec::new());
    for item in items {
        let Some(s) = &item.status else { continue };
        for f in ["active", "succeeded", "failed"] {
            new[f] = add32(&new[f], &s[f]);
        }
        let finish = conditions(s)
            .iter()
            .find(|c| condition_true(c, "Complete") || condition_true(c, "Failed"));
        match finish.map(|c| str(&c["type"])) {
            Some("Complete") => complete += 1,
            Some(_) => failed_clusters.push(item.cluster),
            None => {}
        }
        if conditions(s)
            .iter()
            .any(|c| condition_true(c, "SuccessCriteriaMet"))
        {
            criteria_met += 1;
        }
        starts.extend(s["startTime"].as_str());
        completions.extend(s["completionTime"].as_str());
    }
    let now = Instant::now().precise();
    let mut generated = Vec::new();
    if !failed_clusters.is_empty() {
        let message = format!(
            "Job executed failed in member clusters {}",
            failed_clusters.join(",")
        );
        generated.push(condition("Failed", "JobFailed", &message, &now));
    }
    if complete == n && n > 0 {
        generated.push(condition("Complete", "Completed", "Job completed", &now));
        if criteria_met == n {
            generated.push(condition(
                "SuccessCriteriaMet",
                "CompletionsReached",
                "All member clusters have met success criteria",
                &now,
            ));
        }
    }
    if !generated.is_empty() {
        new["conditions"] = Value::Array(generated);
    }
    // Times are full-precision UTC text, so text order is time order.
    new["startTime"] = if !old["startTime"].is_null() {
        old["startTime"].clone()
    } else if starts.len() == n && n > 0 {
        starts.iter().min().map_or(Value::Null, |t| Value::from(*t))
    } else {
        Value::Null
    };
    if completions.len() == n && n > 0 {
        new["completionTime"] = completions
            .iter()
            .max()
            .map_or(Value::Null, |t| Value::from(*t));
    }
    replaced(old, new)
}

/// CronJob: the concatenated active jobs and the latest schedule times.
pub fn cron_job(items: &[Item]) -> Value {
    let mut new = gotypes::zero("CronJobStatus");
    let statuses: Vec<&Value> = items.iter().filter_map(|i| i.status.as_ref()).collect();
    let active: Vec<Value> = statuses
        .iter()
        .filter_map(|s| s["active"].as_array())
        .flatten()
        .cloned()
        .collect();
    if !active.is_empty() {
        new["active"] = Value::Array(active);
    }
    for f in ["lastScheduleTime", "lastSuccessfulTime"] {
        if let Some(latest) = statuses.iter().filter_map(|s| s[f].as_str()).max() {
            new[f] = Value::from(latest);
        }
    }
    new
}

#[cfg(test)]
mod tests {
    use super::super::super::Kind;
    use super::super::run_kind as run;
    use serde_json::{Value, json};

    fn items(list: Value) -> Vec<Value> {
        list.as_array().unwrap().clone()
    }

    #[test]
    fn missing_member_status_blocks_completion() {
        let job = json!({"kind": "Job"});
        let list = items(json!([
            {"clusterName": "a", "status": {"succeeded": 1, "startTime": "2024-05-01T10:00:00Z", "completionTime": "2024-05-01T10:05:00Z", "conditions": [{"type": "Complete", "status": "True"}]}},
            {"clusterName": "b"}
        ]));
        let out = run(Kind::Job, &job, Some(&list)).unwrap();
        assert_eq!(out["status"], json!({"succeeded": 1}));
    }

    #[test]
    fn unchanged_cases() {
        let job = json!({"kind": "Job", "spec": {"x": 1}});
        assert_eq!(run(Kind::Job, &job, Some(&[])).unwrap(), job);
        let done = json!({"kind": "Job", "status": {"conditions": [{"type": "Failed", "status": "True"}]}});
        assert_eq!(
            run(
                Kind::Job,
                &done,
                Some(&items(json!([{"status": {"active": 3}}])))
            )
            .unwrap(),
            done
        );
    }

    #[test]
    fn failed_clusters_and_kept_start_time() {
        let job = json!({"kind": "Job", "status": {"startTime": "2020-01-01T00:00:00Z", "completionTime": "2020-01-01T01:00:00Z", "ready": 1}});
        let list = items(json!([
            {"clusterName": "a", "status": {"failed": 1, "conditions": [{"type": "Failed", "status": "True"}, {"type": "Complete", "status": "True"}]}},
            {"clusterName": "b", "status": {"failed": 2, "conditions": [{"type": "Failed", "status": "True"}]}}
        ]));
        let out = run(Kind::Job, &job, Some(&list)).unwrap();
        let status = &out["status"];
        assert_eq!(status["failed"], json!(3));
        assert_eq!(status["startTime"], json!("2020-01-01T00:00:00Z"));
        assert!(status.get("completionTime").is_none());
        assert!(status.get("ready").is_none());
        let conds = status["conditions"].as_array().unwrap();
        assert_eq!(conds.len(), 1);
        assert_eq!(
            conds[0]["message"],
            json!("Job executed failed in member clusters a,b")
        );
        assert!(conds[0]["lastProbeTime"].as_str().unwrap().ends_with('Z'));
    }

    #[test]
    fn cron_job_unchanged_and_active() {
        let cj = json!({"kind": "CronJob", "status": {"lastScheduleTime": "2024-01-01T00:00:00Z"}});
        let list = items(
            json!([{"status": {"lastScheduleTime": "2024-01-01T00:00:00Z", "active": []}}, {}]),
        );
        assert_eq!(run(Kind::CronJob, &cj, Some(&list)).unwrap(), cj);
    }
}
