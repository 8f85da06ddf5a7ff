{{/* The release's base name, at most 63 characters as Kubernetes names allow. */}}
{{- define "oncall.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "oncall.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Selector labels of one component (api, engine, worker, migrate). */}}
{{- define "oncall.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "oncall.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "oncall.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "oncall.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/* The chart's own Secret: made when a value it would hold is given rather than an existing Secret. */}}
{{- define "oncall.secretName" -}}
{{- printf "%s-secrets" (include "oncall.fullname" .) -}}
{{- end -}}

{{- define "oncall.appSecretName" -}}
{{- default (include "oncall.secretName" .) .Values.secrets.existingSecret -}}
{{- end -}}

{{/* PUBLIC_URL's path without its trailing slash ("" at the root): the ingress's path prefix. */}}
{{- define "oncall.publicPath" -}}
{{- (urlParse .Values.publicUrl).path | trimSuffix "/" -}}
{{- end -}}

{{/* The environment every process of the release shares. */}}
{{- define "oncall.env" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      {{- if .Values.database.existingSecret }}
      name: {{ .Values.database.existingSecret }}
      key: {{ .Values.database.existingSecretKey }}
      {{- else }}
      name: {{ include "oncall.secretName" . }}
      key: DATABASE_URL
      {{- end }}
- name: ENCRYPTION_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "oncall.appSecretName" . }}
      key: ENCRYPTION_KEY
- name: JWT_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ include "oncall.appSecretName" . }}
      key: JWT_SECRET
{{- /* Without it the first start generates the admin's password and logs it once. */}}
- name: ADMIN_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "oncall.appSecretName" . }}
      key: ADMIN_PASSWORD
      optional: true
- name: PUBLIC_URL
  value: {{ .Values.publicUrl | quote }}
- name: TRUST_PROXY
  value: {{ .Values.trustProxy | quote }}
- name: LOG_LEVEL
  value: {{ .Values.logLevel | quote }}
{{- if .Values.temporal.enabled }}
- name: TEMPORAL_ADDRESS
  value: {{ required "temporal.address is required when temporal.enabled" .Values.temporal.address | quote }}
- name: TEMPORAL_NAMESPACE
  value: {{ .Values.temporal.namespace | quote }}
- name: TEMPORAL_TASK_QUEUE
  value: {{ .Values.temporal.taskQueue | quote }}
{{- end }}
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Pod-level settings every workload shares. */}}
{{- define "oncall.podSettings" -}}
serviceAccountName: {{ include "oncall.serviceAccountName" . }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* The only places a process writes: /data and /tmp (the root filesystem is read-only). */}}
{{- define "oncall.volumes" -}}
volumes:
  - name: data
    emptyDir: {}
  - name: tmp
    emptyDir: {}
{{- end -}}

{{- define "oncall.volumeMounts" -}}
volumeMounts:
  - name: data
    mountPath: /data
  - name: tmp
    mountPath: /tmp
{{- end -}}

{{/* A server container: the image's default command, probes on /healthz and /readyz. */}}
{{- define "oncall.serverContainer" -}}
- name: server
  image: {{ include "oncall.image" .root }}
  imagePullPolicy: {{ .root.Values.image.pullPolicy }}
  securityContext:
    {{- toYaml .root.Values.securityContext | nindent 4 }}
  env:
    - name: ENGINE_WORKERS
      value: {{ .engineWorkers | quote }}
    {{- include "oncall.env" .root | nindent 4 }}
  ports:
    - name: http
      containerPort: 3000
      protocol: TCP
  startupProbe:
    httpGet: { path: /healthz, port: http }
    {{- toYaml .root.Values.probes.startup | nindent 4 }}
  livenessProbe:
    httpGet: { path: /healthz, port: http }
    {{- toYaml .root.Values.probes.liveness | nindent 4 }}
  readinessProbe:
    httpGet: { path: /readyz, port: http }
    {{- toYaml .root.Values.probes.readiness | nindent 4 }}
  resources:
    {{- toYaml .resources | nindent 4 }}
  {{- include "oncall.volumeMounts" .root | nindent 2 }}
{{- end -}}
