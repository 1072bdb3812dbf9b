# Homebrew formula: `brew tap navgraph/navgraph https://github.com/navgraph/navgraph` then
# `brew install navgraph` (the tag in `url`: keep it at the release's `navgraph --version`), or
# `brew install --HEAD navgraph` for the main branch. Builds from source: Swift 6 (Xcode 16 on macOS,
# Homebrew's swift on Linux) and Graphviz's C library, found with pkg-config.
class Navgraph < Formula
  desc "Shows and checks how a UIKit app navigates, from its Swift sources"
  homepage "https://github.com/navgraph/navgraph"
  url "https://github.com/navgraph/navgraph.git", tag: "0.1.0"
  head "https://github.com/navgraph/navgraph.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build # pkg-config (Homebrew's formula of that name is now pkgconf)
  depends_on "graphviz"

  uses_from_macos "swift" => :build

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "navgraph"
    bin.install ".build/release/navgraph"
  end

  test do
    assert_match(/^\d+\.\d+\.\d+/, shell_output("#{bin}/navgraph --version"))
    (testpath/"App/AppDelegate.swift").write <<~SWIFT
      import UIKit

      @main final class AppDelegate: UIResponder, UIApplicationDelegate {
          var window: UIWindow?
          var coordinator: AppCoordinator?

          func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
              let navigationController = UINavigationController()
              coordinator = AppCoordinator(navigationController: navigationController)
              coordinator?.start()
              window = UIWindow(frame: UIScreen.main.bounds)
              window?.rootViewController = navigationController
              return true
          }
      }

      final class AppCoordinator {
          let navigationController: UINavigationController
          init(navigationController: UINavigationController) { self.navigationController = navigationController }
          func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
      }

      final class HomeViewController: UIViewController {}
    SWIFT
    assert_match "screen HomeViewController", shell_output("#{bin}/navgraph analyze #{testpath}/App --no-cache")
    system bin/"navgraph", "render", testpath/"App", "-o", testpath/"nav.svg", "--no-cache"
    assert_predicate testpath/"nav.svg", :exist?
  end
end
