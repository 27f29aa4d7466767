#!/usr/bin/env bash
# Builds the installable SchedLab: the fat jar, a trimmed Java runtime (jdeps + jlink), then a
# jpackage app-image and a .deb, with the icon and .desktop entry from assets/.
#
#   packaging/build.sh            build everything into target/packaging/
#   packaging/build.sh --no-jar   reuse target/schedlab.jar (already built by mvn package)
#   packaging/build.sh --no-deb   stop after the app-image (no dpkg-deb/fakeroot needed)
#
# Needs a JDK 17+ with jdeps, jlink and jpackage; the .deb also needs dpkg-deb and fakeroot.
# JavaFX is inside the fat jar (the Linux platform jars from Maven), on the class path, so the
# runtime only needs the JDK modules the jar uses.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
build_jar=1
build_deb=1
for arg in "$@"; do
    case "$arg" in
        --no-jar) build_jar=0 ;;
        --no-deb) build_deb=0 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build.sh: unknown option $arg (try --help)" >&2; exit 2 ;;
    esac
done

for tool in jdeps jlink jpackage; do
    command -v "$tool" >/dev/null || { echo "build.sh: $tool not found: install a JDK 17 or newer" >&2; exit 1; }
done
if [ "$build_deb" = 1 ]; then
    for tool in dpkg-deb fakeroot; do
        command -v "$tool" >/dev/null || { echo "build.sh: $tool not found (apt-get install dpkg-dev fakeroot), or use --no-deb" >&2; exit 1; }
    done
fi

# the project's version, e.g. 0.1.0 (the first <version> in pom.xml is the project's own)
version=$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' pom.xml | head -1)
[ -n "$version" ] || { echo "build.sh: no <version> found in pom.xml" >&2; exit 1; }
# jpackage wants digits and dots only
app_version=$(echo "$version" | sed 's/[^0-9.].*$//')

out="$root/target/packaging"
jar="$root/target/schedlab.jar"

if [ "$build_jar" = 1 ]; then
    echo "== building $jar"
    mvn -B -q package -DskipTests ${MAVEN_ARGS:-}
fi
[ -f "$jar" ] || { echo "build.sh: $jar is missing: run mvn package or drop --no-jar" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out/input" "$out/resources"
cp "$jar" "$out/input/"

echo "== modules the jar needs (jdeps)"
modules=$(jdeps --print-module-deps --ignore-missing-deps --multi-release 17 "$out/input/schedlab.jar")
# What jdeps cannot see: JavaFX reaches sun.misc.Unsafe and AWT by reflection or native glue;
# the simulator's RandomGenerator.of("L64X128MixRandom") and readers' charsets are services found
# at run time (without jdk.random every simulation fails); locale data for number formats.
modules="$modules,java.desktop,jdk.unsupported,jdk.unsupported.desktop,java.logging,jdk.random,jdk.charsets"
modules="$modules,jdk.localedata,jdk.zipfs"
echo "   $modules"

echo "== trimmed runtime (jlink)"
jlink --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --compress=2 \
      --include-locales=en --output "$out/runtime"

# jpackage takes a resource directory for the Linux package: our .desktop entry replaces its
# template, and the control file adds what JavaFX needs at run time (GTK 3, a font), which
# jpackage cannot see because JavaFX's native libraries are inside the jar
cp assets/schedlab.desktop "$out/resources/SchedLab.desktop"
cp packaging/linux/control "$out/resources/control"
cp assets/schedlab.png "$out/resources/SchedLab.png"

common=(--name SchedLab --app-version "$app_version" --vendor "SchedLab"
        --description "Scheduler timelines and a preemption-model simulator for performance engineers"
        --copyright "SchedLab contributors" --icon assets/schedlab.png)

echo "== app-image (jpackage)"
jpackage --type app-image "${common[@]}" \
         --input "$out/input" --main-jar schedlab.jar --main-class org.schedlab.Main \
         --runtime-image "$out/runtime" \
         --dest "$out"
echo "   $out/SchedLab ($(du -sh "$out/SchedLab" | cut -f1))"

if [ "$build_deb" = 1 ]; then
    echo "== .deb (jpackage)"
    jpackage --type deb "${common[@]}" --app-image "$out/SchedLab" \
             --resource-dir "$out/resources" \
             --license-file LICENSE \
             --file-associations packaging/linux/workspace-association.properties \
             --linux-package-name schedlab --linux-deb-maintainer "schedlab@localhost" \
             --linux-menu-group "Development" --linux-app-category devel --linux-shortcut \
             --dest "$out"
    deb=$(ls "$out"/schedlab_*.deb)
    echo "   $deb ($(du -h "$deb" | cut -f1))"
    echo "   install: sudo apt install $deb   (then run SchedLab from the menu, or /opt/schedlab/bin/SchedLab)"
fi
